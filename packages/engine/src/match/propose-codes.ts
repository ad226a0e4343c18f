/**
 * Codes to enum values by meaning, where the spelling alone does not match: `F`/`P` →
 * `FULL_TIME`/`PART_TIME` (initials), `1`/`2` → `male`/`female` (ISO/IEC 5218), `U` → `unknown`
 * (HL7 v2 table 0001), `Y`/`N` or `1`/`0` → `yes`/`no`. Each pair carries its confidence and the
 * rule or code system it comes from; a table with an unsure pair is marked for review.
 */
import { normalizeText } from '../values/normalize.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import type { Raw } from './synthesize.ts';

export interface CodeEntry {
  source: string;
  target: unknown;
  confidence: number;
  /** the rule or code system, in words */
  rule: string;
}

export interface CodeMapping {
  table: Record<string, unknown>;
  entries: CodeEntry[];
  /** share of the source values that got a target */
  coverage: number;
  /** a pair is unsure (confidence < 0.8) or a value found no target */
  review: boolean;
}

type Sex = 'male' | 'female' | 'other' | 'unknown' | 'not applicable';

/** How enum values spell the administrative-sex concepts (FHIR AdministrativeGender, HL7 v2, ISO 5218 labels, general English). */
const SEX_WORDS: Record<string, Sex> = {
  male: 'male',
  m: 'male',
  man: 'male',
  men: 'male',
  female: 'female',
  f: 'female',
  woman: 'female',
  women: 'female',
  other: 'other',
  o: 'other',
  unknown: 'unknown',
  u: 'unknown',
  unk: 'unknown',
  'not known': 'unknown',
  'not applicable': 'not applicable',
  'n a': 'not applicable',
  na: 'not applicable',
};

/** HL7 v2 table 0001 (Administrative Sex): M, F, O, U, A (ambiguous → other), N (not applicable). */
const HL7_SEX: Record<string, Sex> = {
  m: 'male',
  f: 'female',
  o: 'other',
  u: 'unknown',
  a: 'other',
  n: 'not applicable',
};
/** ISO/IEC 5218 codes for the representation of human sexes: 0 not known, 1 male, 2 female, 9 not applicable. */
const ISO_5218: Record<string, Sex> = { '0': 'unknown', '1': 'male', '2': 'female', '9': 'not applicable' };

/** Yes/no codes in common use (general English, spreadsheet and database exports). */
const TRUE_CODES = new Set(['y', 'yes', 'true', 't', '1', 'on', 'x']);
const FALSE_CODES = new Set(['n', 'no', 'false', 'f', '0', 'off']);

const norm = (v: unknown) => normalizeText(String(v)).trim();

/** Words of an enum value: FULL_TIME → [full, time], PartTime → [part, time]. */
function valueWords(v: unknown): string[] {
  return String(v)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Target values by sex concept, when the enum is a sex/gender list (male and female both present). */
function sexTargets(targets: unknown[]): Map<Sex, unknown> | undefined {
  const out = new Map<Sex, unknown>();
  for (const t of targets) {
    const c = SEX_WORDS[norm(t)];
    if (c && !out.has(c)) out.set(c, t);
  }
  return out.has('male') && out.has('female') ? out : undefined;
}

function booleanTargets(targets: unknown[]): { yes: unknown; no: unknown } | undefined {
  const yes = targets.filter((t) => TRUE_CODES.has(norm(t)) || t === true);
  const no = targets.filter((t) => FALSE_CODES.has(norm(t)) || t === false);
  return yes.length === 1 && no.length === 1 ? { yes: yes[0], no: no[0] } : undefined;
}

/**
 * A code's target by initials or prefix, when exactly one enum value fits: "FT" = initials of
 * FULL_TIME, "F" = first letter of only FULL_TIME, "Comp" = prefix of COMPLETED.
 */
function byInitials(code: string, targets: unknown[]): CodeEntry | undefined {
  const c = code.toLowerCase().replace(/[^a-z]/g, '');
  if (!c || c.length > 4 || c.length !== code.replace(/[\s._-]/g, '').length) return undefined;
  const initials = targets.filter(
    (t) =>
      valueWords(t)
        .map((w) => w[0])
        .join('') === c,
  );
  if (initials.length === 1 && c.length >= 2)
    return {
      source: code,
      target: initials[0],
      confidence: 0.85,
      rule: `initials of ${String(initials[0])}`,
    };
  const prefix = targets.filter((t) => valueWords(t).join('').startsWith(c));
  if (prefix.length === 1) {
    const sure = c.length >= 3 ? 0.8 : c.length === 2 ? 0.7 : 0.65;
    const what = c.length === 1 ? 'the only value starting with' : 'the only value beginning';
    return { source: code, target: prefix[0], confidence: sure, rule: `${what} "${code}"` };
  }
  return undefined;
}

/**
 * Targets for source codes by meaning. `known` are pairs already found by spelling (they are kept
 * and not looked at again). Undefined when the source values are not codes of one kind.
 */
export function codeMapping(
  sourceValues: string[],
  targets: unknown[],
  known: Record<string, unknown> = {},
): CodeMapping | undefined {
  const values = sourceValues.filter((v) => v.trim() !== '');
  if (values.length === 0 || values.length > 20 || targets.length === 0) return undefined;
  const entries: CodeEntry[] = [];
  const sex = sexTargets(targets);
  const bool = booleanTargets(targets);
  const lower = values.map((v) => v.trim().toLowerCase());
  const allIn = (table: Record<string, unknown> | Set<string>) =>
    lower.every((v) => (table instanceof Set ? table.has(v) : Object.hasOwn(table, v)));
  // the code system the whole column reads in
  const system: { name: string; table: Record<string, Sex> } | undefined = sex
    ? allIn(ISO_5218)
      ? { name: 'ISO/IEC 5218 sex codes', table: ISO_5218 }
      : allIn(HL7_SEX)
        ? { name: 'HL7 v2 table 0001 administrative sex', table: HL7_SEX }
        : undefined
    : undefined;
  const booleanColumn =
    bool !== undefined && lower.every((l) => TRUE_CODES.has(l) || FALSE_CODES.has(l)) && values.length <= 3;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    const l = lower[i]!;
    if (Object.hasOwn(known, v) && known[v] !== null && known[v] !== undefined) {
      entries.push({
        source: v,
        target: known[v],
        confidence: 0.95,
        rule: 'same value after normalising spelling',
      });
      continue;
    }
    const same = targets.find((t) => norm(t) === norm(v));
    if (same !== undefined) {
      entries.push({ source: v, target: same, confidence: 0.95, rule: 'same value in another case' });
      continue;
    }
    if (system && sex) {
      const concept = system.table[l]!;
      const target = sex.get(concept);
      if (target !== undefined) {
        entries.push({ source: v, target, confidence: 0.9, rule: `${system.name}: ${v} = ${concept}` });
        continue;
      }
    }
    if (booleanColumn && bool) {
      const yes = TRUE_CODES.has(l);
      entries.push({
        source: v,
        target: yes ? bool.yes : bool.no,
        confidence: 0.9,
        rule: `yes/no code: ${v} = ${yes ? 'yes' : 'no'}`,
      });
      continue;
    }
    const init = byInitials(v, targets);
    if (init) entries.push(init);
  }
  if (entries.length === 0) return undefined;
  // two codes onto one target by initials is a sign the rule does not fit this column
  const byTarget = new Map<unknown, number>();
  for (const e of entries) byTarget.set(e.target, (byTarget.get(e.target) ?? 0) + 1);
  const table: Record<string, unknown> = {};
  const kept = entries.filter(
    (e) =>
      !(e.rule.startsWith('the only value') || e.rule.startsWith('initials')) || byTarget.get(e.target) === 1,
  );
  for (const e of kept) table[e.source] = e.target;
  const coverage = kept.length / values.length;
  return { table, entries: kept, coverage, review: coverage < 1 || kept.some((e) => e.confidence < 0.8) };
}

/** The pairs found by meaning, in words, for a candidate's reason (the surest rules first, at most four). */
export function describeCodes(m: CodeMapping, onlyNew: boolean): string {
  const shown = m.entries.filter((e) => !onlyNew || !e.rule.startsWith('same value'));
  if (shown.length === 0) return '';
  const list = shown
    .slice(0, 4)
    .map((e) => `${e.source} → ${String(e.target)} (${e.rule}, confidence ${e.confidence.toFixed(2)})`)
    .join(', ');
  return `${list}${shown.length > 4 ? `, and ${shown.length - 4} more` : ''}`;
}

/**
 * Candidates for a closed enum from code evidence alone: a category column whose every value maps
 * onto the enum by a code system, yes/no codes or unique initials (`D`/`C` → debit/credit), where
 * the names share nothing. Several columns that fit equally share the evidence.
 */
export function codeCandidates(t: TargetFeature, sources: SourceFeature[]): Raw[] {
  if (!t.closed || t.values.length < 2 || t.values.length > 30) return [];
  const found: { si: number; m: CodeMapping }[] = [];
  sources.forEach((s, si) => {
    if (!s.categorical || s.profile.inArray !== t.info.inArray) return;
    const vs = s.values.filter((v) => v.trim() !== '');
    if (vs.length < 2 || vs.length > 12) return;
    const m = codeMapping(vs, t.values);
    if (!m || m.coverage < 1 || m.entries.every((e) => e.rule.startsWith('same value'))) return;
    if (new Set(Object.values(m.table)).size < 2) return;
    found.push({ si, m });
  });
  return found.map(({ si, m }) => {
    const least = Math.min(...m.entries.map((e) => e.confidence));
    return {
      si,
      score: (0.35 + 0.3 * least) / found.length,
      name: 0,
      notes: [
        `every value is a code of the target's values: ${describeCodes(m, false)}${m.review ? '; marked for review' : ''}`,
      ],
      // codes the sample did not show pass through unchanged (and fail an enum where they show)
      transform: { kind: 'lookup', table: m.table, fallback: 'keep' },
    };
  });
}
