/**
 * Sample edit: the user corrects one mapped record; we infer which mapping change produces each
 * corrected value (search the record's source values and the transforms that turn one of them into
 * it), so the fix applies to every record, not just the one edited. When no source explains a
 * value, a categorical source gets a lookup entry, and only as a last resort the value becomes a
 * constant — each change says plainly which of these it is.
 */
import { compileSpec } from '../mapper/compile.ts';
import { interpretSpec } from '../mapper/interpret.ts';
import { profileRecords } from '../profile/profiler.ts';
import { type JsonSchema, listTargetFields, normalizeTargetSchema } from '../schema/target-schema.ts';
import { getPath, parsePath } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';

export type SampleEditHow = 'source' | 'lookup' | 'constant';

export interface SampleEditChange {
  target: string;
  /** the corrected value */
  value: unknown;
  before: FieldMapping | null;
  after: FieldMapping;
  how: SampleEditHow;
}

export interface SampleEditInference {
  spec: MappingSpec;
  changes: SampleEditChange[];
  /** corrected fields no change could be inferred for, with why */
  unresolved: { target: string; message: string }[];
}

const SCALAR_TRANSFORMS: Transform[] = [
  { kind: 'copy' },
  { kind: 'cast', to: 'number' },
  { kind: 'cast', to: 'integer' },
  { kind: 'cast', to: 'string' },
  { kind: 'cast', to: 'boolean' },
  { kind: 'text', op: 'trim' },
  { kind: 'text', op: 'upper' },
  { kind: 'text', op: 'lower' },
  { kind: 'text', op: 'title' },
  ...(
    ['date', 'date-time', 'MM/DD/YYYY', 'DD/MM/YYYY', 'DD.MM.YYYY', 'D MMM YYYY', 'MMMM D, YYYY'] as const
  ).map((to): Transform => ({ kind: 'date', to })),
  ...[' ', ',', '-', '/', '@', '.'].flatMap((separator) =>
    [0, 1, -1].map((index): Transform => ({ kind: 'split', separator, index })),
  ),
  ...[100, 1000, 0.01, 0.001].map((operand): Transform => ({ kind: 'arithmetic', op: '*', operand })),
];
/**
 * A part of a person's name, tried before the other transforms for a target named like one: for
 * "Smith, Sarah" corrected to "Sarah" the split on " " would fit this record too, and give
 * "Smith," for "Sarah Smith" and "Berg" for "Pieter van der Berg".
 */
const NAME_PARTS: Transform[] = (['first', 'last', 'middle', 'suffix'] as const).map(
  (part): Transform => ({ kind: 'name', part }),
);
const WITH_NAME_PARTS = [SCALAR_TRANSFORMS[0] as Transform, ...NAME_PARTS, ...SCALAR_TRANSFORMS.slice(1)];
/** Target names of a person's name or a part of it (the PART_WORDS of match/propose-parts.ts). */
const PERSONAL = /name|first|last|given|family|surname|forename|middle|suffix/i;
const AGGREGATES: Transform[] = (['count', 'sum', 'min', 'max', 'avg', 'first', 'last', 'join'] as const).map(
  (fn): Transform => (fn === 'join' ? { kind: 'aggregate', fn, separator: ', ' } : { kind: 'aggregate', fn }),
);
const SEPARATORS = [' ', ', ', '-', '', '/'];

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  return JSON.stringify(a) === JSON.stringify(b);
}

function describe(t: Transform): string {
  switch (t.kind) {
    case 'copy':
      return 'as is';
    case 'cast':
      return `as ${t.to}`;
    case 'text':
      return `${t.op === 'trim' ? 'trimmed' : `in ${t.op} case`}`;
    case 'date':
      return `as a date (${t.to})`;
    case 'name':
      return `the ${t.part} name`;
    case 'split':
      return `split on "${t.separator}", part ${t.index < 0 ? 'last' : t.index + 1}`;
    case 'arithmetic':
      return `× ${t.operand}`;
    case 'aggregate':
      return `${t.fn} of the list`;
    case 'concat':
      return `joined with "${t.separator}"`;
    default:
      return t.kind;
  }
}

const field = (target: string, sources: string[], transform: Transform): FieldMapping => ({
  target,
  sources,
  transform,
  confidence: 0.9,
  bucket: 'Very High',
  reason: '',
  status: 'edited',
});

/** Value the one-field mapping gives for the record (JSONata-free, so synchronous). */
function yieldOf(f: FieldMapping, record: unknown): unknown {
  const out = compileSpec({ version: 1, fields: [{ ...f, target: 'v' }] }).map(record);
  return out.v;
}

/** Candidate one-field mappings for `target`, simplest and most likely first. */
function* candidates(target: string, preferred: string[], scalars: string[], arrays: string[]) {
  const order = [...new Set([...preferred, ...scalars])];
  // as is first; then, for a name target, the name parts before the other transforms
  for (const s of order.filter((p) => !p.includes('[*]')))
    for (const t of PERSONAL.test(target) ? WITH_NAME_PARTS : SCALAR_TRANSFORMS) yield field(target, [s], t);
  for (const s of [...new Set([...preferred, ...arrays])].filter((p) => p.includes('[*]')))
    for (const t of AGGREGATES) yield field(target, [s], t);
  for (const a of order)
    for (const b of order)
      if (a !== b && !a.includes('[*]') && !b.includes('[*]'))
        for (const separator of SEPARATORS) yield field(target, [a, b], { kind: 'concat', separator });
}

/** A lookup entry for the field's (single, categorical) source value, keeping earlier entries. */
function lookupFix(before: FieldMapping | null, record: unknown, value: unknown, target: string) {
  const source = before?.sources.length === 1 ? before.sources[0] : undefined;
  if (!before || !source || source.includes('[*]')) return undefined;
  const raw = getPath(record, parsePath(source) ?? []);
  if (raw === null || raw === undefined || typeof raw === 'object') return undefined;
  const t = before.transform;
  const table = t.kind === 'lookup' ? { ...t.table } : {};
  table[String(raw)] = value;
  const after = field(target, before.sources, {
    kind: 'lookup',
    table,
    fallback: t.kind === 'lookup' ? t.fallback : 'keep',
    ...(t.kind === 'lookup' && t.caseInsensitive ? { caseInsensitive: true } : {}),
  });
  after.reason = `From your correction: ${before.sources[0]} "${String(raw)}" becomes ${JSON.stringify(value)} (lookup).`;
  if (before.default !== undefined) after.default = before.default;
  return after;
}

export async function inferSampleEdit(input: {
  spec: MappingSpec;
  targetSchema: JsonSchema;
  /** the source record the user corrected the output of */
  record: unknown;
  /** the user's corrected mapped record; fields left out are not changes */
  corrected: Record<string, unknown>;
}): Promise<SampleEditInference> {
  const { spec, record, corrected } = input;
  const current = await interpretSpec(spec, record);
  const paths = profileRecords([record]).fields.map((f) => f.path);
  const scalars = paths.filter((p) => !p.includes('[*]'));
  const arrays = paths.filter((p) => p.includes('[*]'));
  const fields = [...spec.fields];
  const changes: SampleEditChange[] = [];
  const unresolved: SampleEditInference['unresolved'] = [];

  for (const t of listTargetFields(normalizeTargetSchema(input.targetSchema))) {
    const segs = parsePath(t.path.replaceAll('[*]', '')) ?? [];
    const value = t.inArray ? undefined : getPath(corrected, segs);
    if (t.inArray) {
      const wanted = getPath(corrected, parsePath(t.path) ?? []);
      if (wanted !== undefined && !same(wanted, getPath(current, parsePath(t.path) ?? [])))
        unresolved.push({
          target: t.path,
          message: 'fields inside lists are not inferred from one sample; use a mapper edit',
        });
      continue;
    }
    if (value === undefined || same(value, getPath(current, segs))) continue;
    const at = fields.findIndex((f) => f.target === t.path);
    const before = at >= 0 ? (fields[at] as FieldMapping) : null;
    let after: FieldMapping | undefined;
    let how: SampleEditHow = 'source';
    if (value !== null) {
      for (const c of candidates(t.path, before?.sources ?? [], scalars, arrays)) {
        if (!same(yieldOf(c, record), value)) continue;
        c.reason = `From your correction: ${c.sources.join(' + ')} ${describe(c.transform)}.`;
        after = c;
        break;
      }
    }
    if (!after && typeof value !== 'object') {
      after = lookupFix(before, record, value, t.path);
      how = 'lookup';
    }
    if (!after) {
      after = field(t.path, [], { kind: 'constant' });
      after.default = value;
      after.confidence = 0.5;
      after.bucket = 'Medium';
      after.reason = `No source value gives ${JSON.stringify(value)}: it is now the same for every record.`;
      how = 'constant';
    }
    // a fact about the target (optional, null not allowed), not about the old mapping: it stays
    if (before?.omitNull) after.omitNull = true;
    if (at >= 0) fields[at] = after;
    else fields.push(after);
    changes.push({ target: t.path, value, before, after, how });
  }
  return { spec: { ...spec, fields }, changes, unresolved };
}
