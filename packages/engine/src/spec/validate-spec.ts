/**
 * Checks an untrusted value (an API body, a stored mapper version) and returns a typed MappingSpec
 * or every problem found, each naming the field and the reason. The returned spec is a clean copy
 * holding only known properties.
 */
import jsonata from 'jsonata';
import { pathProblem } from './paths.ts';
import {
  bucketOf,
  type ConfidenceBucket,
  type FieldMapping,
  type FieldMappingStatus,
  type MappingSpec,
  SPEC_VERSION,
  type Transform,
} from './types.ts';

export interface SpecProblem {
  /** the target path, or `fields[i]` when the target itself is unusable */
  field: string;
  reason: string;
}

export type SpecValidation = { ok: true; spec: MappingSpec } | { ok: false; errors: SpecProblem[] };

const BUCKETS: ConfidenceBucket[] = ['Very High', 'High', 'Medium', 'Low', 'Very Low'];
const STATUSES: FieldMappingStatus[] = ['suggested', 'edited', 'approved'];
const TOKEN_RE = /YYYY|YY|MM|M|DD|D|HH|mm|ss/;
const NEEDS_SOURCE = new Set([
  'copy',
  'cast',
  'date',
  'text',
  'split',
  'lookup',
  'arithmetic',
  'aggregate',
  'concat',
]);

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const oneOf = (v: unknown, list: readonly unknown[]) => list.includes(v);

function layoutProblem(v: unknown, allowNamed: boolean): string | undefined {
  if (typeof v !== 'string' || v === '') return 'must be a date layout';
  if (['iso', 'epoch-ms', 'epoch-s'].includes(v) || (allowNamed && (v === 'date' || v === 'date-time')))
    return undefined;
  // a day/month order reads every usual shape (mapper/date-patterns.ts); it cannot be written
  if (!allowNamed && (v === 'dmy' || v === 'mdy')) return undefined;
  return TOKEN_RE.test(v) ? undefined : `"${v}" has no date tokens (YYYY, MM, DD, HH, mm, ss, MMM...)`;
}

/** Problems with one transform; `at` locates nested chain steps. */
export function transformProblems(t: unknown, at = 'transform'): string[] {
  if (!isObj(t)) return [`${at} must be an object with a kind`];
  const p: string[] = [];
  const need = (ok: boolean, what: string) => {
    if (!ok) p.push(`${at}.${what}`);
  };
  switch (t.kind) {
    case 'copy':
    case 'constant':
      break;
    case 'cast':
      need(
        oneOf(t.to, ['string', 'number', 'integer', 'boolean']),
        'to must be string, number, integer or boolean',
      );
      need(
        t.decimalComma === undefined || typeof t.decimalComma === 'boolean',
        'decimalComma must be a boolean',
      );
      break;
    case 'currency':
      break;
    case 'date': {
      const from = t.from === undefined ? undefined : layoutProblem(t.from, false);
      const to = layoutProblem(t.to, true);
      if (from) p.push(`${at}.from ${from}`);
      if (to) p.push(`${at}.to ${to}`);
      break;
    }
    case 'text':
      need(oneOf(t.op, ['trim', 'upper', 'lower', 'title']), 'op must be trim, upper, lower or title');
      break;
    case 'concat':
      need(typeof t.separator === 'string', 'separator must be a string');
      break;
    case 'split':
      need(typeof t.separator === 'string' && t.separator !== '', 'separator must be a non-empty string');
      need(Number.isInteger(t.index), 'index must be an integer');
      break;
    case 'name':
      need(
        oneOf(t.part, ['first', 'middle', 'last', 'suffix']),
        'part must be first, middle, last or suffix',
      );
      break;
    case 'phone':
      need(oneOf(t.to, ['digits', 'e164']), 'to must be digits or e164');
      need(
        t.countryCode === undefined ||
          (typeof t.countryCode === 'string' && /^[1-9]\d{0,2}$/.test(t.countryCode)),
        'countryCode must be 1 to 3 digits',
      );
      need(
        t.nationalLength === undefined ||
          (Number.isInteger(t.nationalLength) &&
            (t.nationalLength as number) >= 4 &&
            (t.nationalLength as number) <= 14),
        'nationalLength must be an integer from 4 to 14',
      );
      break;
    case 'lookup':
      need(isObj(t.table), 'table must be an object of source value -> target value');
      need(
        t.fallback === undefined || oneOf(t.fallback, ['keep', 'null', 'default']),
        'fallback must be keep, null or default',
      );
      need(
        t.caseInsensitive === undefined || typeof t.caseInsensitive === 'boolean',
        'caseInsensitive must be a boolean',
      );
      break;
    case 'arithmetic':
      need(oneOf(t.op, ['+', '-', '*', '/']), 'op must be +, -, * or /');
      need(typeof t.operand === 'number' && Number.isFinite(t.operand), 'operand must be a finite number');
      need(!(t.op === '/' && t.operand === 0), 'operand: division by zero');
      break;
    case 'round':
      need(
        Number.isInteger(t.decimals) && (t.decimals as number) >= 0 && (t.decimals as number) <= 10,
        'decimals must be an integer from 0 to 10',
      );
      break;
    case 'aggregate':
      need(
        oneOf(t.fn, ['count', 'sum', 'min', 'max', 'avg', 'first', 'last', 'join', 'earliest', 'latest']),
        'fn must be count, sum, min, max, avg, first, last, join, earliest or latest',
      );
      need(t.separator === undefined || typeof t.separator === 'string', 'separator must be a string');
      break;
    case 'jsonata':
      if (typeof t.expression !== 'string' || t.expression.trim() === '')
        p.push(`${at}.expression must be a JSONata expression`);
      else {
        try {
          jsonata(t.expression);
        } catch (e) {
          p.push(
            `${at}.expression is not valid JSONata: ${(e as { message?: string }).message ?? String(e)}`,
          );
        }
      }
      break;
    case 'chain':
      if (!Array.isArray(t.steps) || t.steps.length === 0)
        p.push(`${at}.steps must be a non-empty list of transforms`);
      else for (const [i, s] of t.steps.entries()) p.push(...transformProblems(s, `${at}.steps[${i}]`));
      break;
    default:
      p.push(`${at}.kind ${JSON.stringify(t.kind)} is not a known transform`);
  }
  return p;
}

function targetProblem(target: unknown): string | undefined {
  const base = pathProblem(target);
  if (base) return `target ${base}`;
  const t = target as string;
  if ((t.match(/\[\*\]/g) ?? []).length > 1) return 'target may go through at most one array ([*])';
  if (t.endsWith('[*]')) return 'target must name a field inside the array (lines[*].sku)';
  return undefined;
}

function cleanField(f: Record<string, unknown>): FieldMapping {
  const confidence = f.confidence as number;
  const out: FieldMapping = {
    target: f.target as string,
    sources: [...(f.sources as string[])],
    transform: structuredClone(f.transform) as Transform,
    confidence,
    bucket: (f.bucket as ConfidenceBucket | undefined) ?? bucketOf(confidence),
    reason: (f.reason as string | undefined) ?? '',
  };
  if (f.default !== undefined) out.default = structuredClone(f.default);
  if (f.omitNull === true) out.omitNull = true;
  if (f.status !== undefined) out.status = f.status as FieldMappingStatus;
  return out;
}

export function validateMappingSpec(input: unknown): SpecValidation {
  const errors: SpecProblem[] = [];
  if (!isObj(input))
    return { ok: false, errors: [{ field: '(spec)', reason: 'must be an object {version, fields}' }] };
  if (input.version !== SPEC_VERSION)
    errors.push({ field: '(spec)', reason: `version must be ${SPEC_VERSION}` });
  if (!Array.isArray(input.fields))
    return { ok: false, errors: [...errors, { field: '(spec)', reason: 'fields must be a list' }] };
  const targets = new Set<string>();
  input.fields.forEach((raw, i) => {
    if (!isObj(raw)) {
      errors.push({ field: `fields[${i}]`, reason: 'must be an object' });
      return;
    }
    const tp = targetProblem(raw.target);
    const field = tp ? `fields[${i}]` : (raw.target as string);
    const add = (reason: string) => errors.push({ field, reason });
    if (tp) add(tp);
    else if (targets.has(field)) add('target is mapped twice');
    else targets.add(field);
    if (!Array.isArray(raw.sources)) add('sources must be a list of paths');
    else
      for (const s of raw.sources) {
        const sp = pathProblem(s);
        if (sp) add(`source ${sp}`);
      }
    for (const m of transformProblems(raw.transform)) add(m);
    const kind = isObj(raw.transform) ? raw.transform.kind : undefined;
    const firstKind =
      kind === 'chain' && isObj(raw.transform) && Array.isArray(raw.transform.steps)
        ? (raw.transform.steps[0] as { kind?: unknown })?.kind
        : kind;
    if (Array.isArray(raw.sources) && raw.sources.length === 0 && NEEDS_SOURCE.has(String(firstKind)))
      add(`transform ${String(firstKind)} needs at least one source`);
    if (kind === 'constant' && raw.default === undefined) add('a constant needs a default value');
    if (raw.omitNull !== undefined && typeof raw.omitNull !== 'boolean')
      add('omitNull must be true or false');
    if (typeof raw.confidence !== 'number' || !(raw.confidence >= 0 && raw.confidence <= 1))
      add('confidence must be a number from 0 to 1');
    if (raw.bucket !== undefined && !oneOf(raw.bucket, BUCKETS))
      add(`bucket must be one of ${BUCKETS.join(', ')}`);
    if (raw.reason !== undefined && typeof raw.reason !== 'string') add('reason must be text');
    if (raw.status !== undefined && !oneOf(raw.status, STATUSES))
      add(`status must be one of ${STATUSES.join(', ')}`);
  });
  // a target that is also the parent of another (a and a.b) cannot be written
  for (const t of targets) {
    for (const u of targets) {
      if (u !== t && (u.startsWith(`${t}.`) || u.startsWith(`${t}[*]`)))
        errors.push({ field: u, reason: `conflicts with target "${t}"` });
    }
  }
  if (errors.length) return { ok: false, errors };
  return {
    ok: true,
    spec: { version: SPEC_VERSION, fields: (input.fields as Record<string, unknown>[]).map(cleanField) },
  };
}
