import { type DateOrder, dayMonthOrder, describeOrder } from '../mapper/date-patterns.ts';
import { parseDate } from '../mapper/dates.ts';
import { writesDecimalCommas } from '../mapper/money.ts';
import { phoneNumber } from '../mapper/parts.ts';
import { parseNumber } from '../mapper/values.ts';
import type { Transform } from '../spec/types.ts';
import { type LinearRegExp, userRegExp } from '../validate/regexp.ts';
import { mapValues } from '../values/map-values.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import { codeMapping, describeCodes } from './propose-codes.ts';

export interface TransformChoice {
  transform: Transform;
  /** why (joins the field's reason) */
  note?: string;
  /** how sure the transform is of the values (0..1; the field's confidence is scaled by it): a share read, or an ambiguous column */
  confidence?: number;
}

/** What the target schema says about a field's values beyond its type (see propose-schema.ts). */
export interface TargetRules {
  pattern?: string;
}

const pctOf = (x: number) => `${Math.round(x * 100)}%`;

/** The sample values of a source (distinct values, or the tracked sample), without empties. */
function sampleOf(s: SourceFeature): string[] {
  return s.values.filter((v) => v.trim() !== '');
}

/** Share of the values for which `ok` holds. */
function shareOf(values: string[], ok: (v: string) => boolean): number {
  if (values.length === 0) return 0;
  let n = 0;
  for (const v of values) if (ok(v)) n++;
  return n / values.length;
}

/** the target's pattern, run on sample values: linear-time like the validator (a user wrote it) */
function compilePattern(p: string | undefined): LinearRegExp | undefined {
  if (!p) return undefined;
  try {
    return userRegExp(p, 'u');
  } catch {
    return undefined;
  }
}

/**
 * Phone numbers to what the target's pattern wants: the national digits (`^\d{10}$`) or E.164
 * (`^\+[1-9]\d{1,14}$`). Chosen when most of the sample fits the pattern only after the transform.
 */
function phoneChoice(values: string[], re: LinearRegExp, pattern: string): TransformChoice | undefined {
  const asIs = shareOf(values, (v) => re.test(v));
  if (asIs >= 0.95) return undefined;
  let best: { t: Transform; share: number } | undefined;
  for (const t of [
    { kind: 'phone', to: 'digits' },
    { kind: 'phone', to: 'e164' },
  ] as const) {
    const f = phoneNumber(t.to);
    const share = shareOf(values, (v) => {
      const x = f(v);
      return typeof x === 'string' && re.test(x);
    });
    if (share > (best?.share ?? 0)) best = { t: { ...t }, share };
  }
  if (!best || best.share < 0.8 || best.share <= asIs) return undefined;
  const want =
    best.t.kind === 'phone' && best.t.to === 'digits'
      ? 'ten digits (the national number)'
      : 'E.164 (+ country code 1 and the national number)';
  return {
    transform: best.t,
    note: `the target pattern ${pattern} wants ${want}; ${pctOf(best.share)} of the sample fits after removing punctuation, spaces and the country code (${pctOf(asIs)} as is)${best.share < 0.95 ? '; review the rest' : ''}`,
  };
}

/** The day/month order a numeric layout writes (D/M/… or M/D/…), undefined for other layouts. */
function layoutOrder(layout: string): DateOrder | undefined {
  if (/^D{1,2}[/.-]M{1,2}[/.-]/.test(layout)) return 'dmy';
  if (/^M{1,2}[/.-]D{1,2}[/.-]/.test(layout)) return 'mdy';
  return undefined;
}

/**
 * Dates: one layout when every sampled value has it, else every usual shape with numeric dates
 * in the column's one day/month order. The order is decided once for the column from its values
 * (dayMonthOrder: a first part above 12 is a day), never value by value; the evidence joins the
 * reason, and a column that cannot tell (or tells both) is flagged with a lower confidence.
 */
function dateChoice(s: SourceFeature, t: TargetFeature, values: string[]): TransformChoice | undefined {
  const to = t.info.format === 'date-time' ? 'date-time' : 'date';
  const p = s.profile;
  const order = dayMonthOrder(values);
  const evidence = order.numeric > 0 ? `; ${describeOrder(order)}` : '';
  const unsure = order.numeric > 0 && order.ambiguous ? 0.8 : 1;
  const withLayout = p.layout ? shareOf(values, (v) => parseDate(v, p.layout) !== undefined) : 0;
  const agrees =
    !p.layout || !layoutOrder(p.layout) || order.numeric === 0 || layoutOrder(p.layout) === order.order;
  if (p.layout && withLayout >= 0.999 && agrees) {
    const isoAlready =
      (to === 'date' && p.layout === 'YYYY-MM-DD') || (to === 'date-time' && p.layout === 'iso');
    if (isoAlready) return undefined;
    return {
      transform: { kind: 'date', from: p.layout, to },
      note: `dates re-written from ${p.layout} to ISO ${to} (the target's format: ${to})${evidence}`,
      confidence: unsure,
    };
  }
  const from = order.order;
  const read = shareOf(values, (v) => parseDate(v, from) !== undefined);
  // one layout that reads most values (and as many as any other way): the rest are drops, not
  // a reason to copy the column as it is
  if (p.layout && agrees && withLayout >= 0.8 && withLayout >= read)
    return {
      transform: { kind: 'date', from: p.layout, to },
      note: `dates re-written from ${p.layout} to ISO ${to} (the target's format: ${to})${evidence}; ${pctOf(withLayout)} of the sample reads so, the others are reported as dropped values`,
      confidence: unsure * withLayout,
    };
  if (read < 0.8 || read <= withLayout) return undefined;
  return {
    transform: { kind: 'date', from, to },
    note: `dates in several layouts (${p.layout ? `${pctOf(withLayout)} ${p.layout}, ` : ''}${pctOf(read)} read as ISO, D/M/Y or M/D/Y, Mon D YYYY or D Mon YYYY) re-written to ISO ${to} (the target's format)${evidence}${read < 1 ? '; the others are reported as dropped values' : ''}`,
    confidence: unsure * read,
  };
}

/** The transform that makes the source's values valid for the target: casts, date layouts, lookups, phones. */
export function chooseTransform(
  s: SourceFeature,
  t: TargetFeature,
  learned?: Record<string, unknown>,
  /** build lookups only for plausible pairs: value mapping is the costly part */
  withLookup = true,
  rules: TargetRules = {},
): TransformChoice {
  const p = s.profile;
  const types = t.info.types;
  const values = sampleOf(s);
  // a closed enum, or a short list of examples (a CSV target's de-facto vocabulary) with categories
  const shortExamples = !t.closed && t.values.length > 0 && t.values.length <= 50 && s.categorical;
  if (withLookup && (t.closed || shortExamples) && s.values.length > 0) {
    const m = mapValues(s.values, t.values, { learned });
    const spelled: Record<string, unknown> = {};
    for (const e of m.entries) if (e.target !== null && e.target !== undefined) spelled[e.source] = e.target;
    // codes the spelling does not explain (F → FULL_TIME, 1 → male, U → unknown), closed enums only
    const codes = t.closed && m.unmatched.length > 0 ? codeMapping(s.values, t.values, spelled) : undefined;
    const table = codes && codes.coverage > m.coverage ? { ...m.table, ...codes.table } : m.table;
    const entries = Object.keys(table).length;
    const identical = Object.entries(table).every(([k, v]) => v === null || String(v) === k);
    const coverage = codes && codes.coverage > m.coverage ? codes.coverage : m.coverage;
    if (!identical && (t.closed || coverage >= 0.5)) {
      const mapped = Object.values(table).filter((v) => v !== null && v !== undefined).length;
      const byCode = codes && codes.coverage > m.coverage ? describeCodes(codes, true) : '';
      const review = codes && codes.coverage > m.coverage && codes.review;
      return {
        // values the table does not list pass through unchanged, even for a closed enum: an
        // unlisted value then fails validation where it can be seen and fixed, instead of being
        // emptied in silence (issue 24); "others → empty" is the user's choice to make
        transform: { kind: 'lookup', table, fallback: 'keep' },
        note:
          `values translated by a lookup (${mapped} of ${Math.max(entries, s.values.length)} source values matched)` +
          (byCode ? `; by meaning: ${byCode}` : '') +
          (review ? '; marked for review: some pairs are unsure' : ''),
      };
    }
  }
  if (t.expectsDate && (s.date || shareOf(values, (v) => parseDate(v) !== undefined) >= 0.8)) {
    const d = dateChoice(s, t, values);
    if (d) return d;
  }
  const re = compilePattern(rules.pattern);
  if (
    re &&
    rules.pattern &&
    (p.format === 'phone' || /phone|mobile|cell|fax|tel/i.test(p.name) || p.type === 'string')
  ) {
    const ph = phoneChoice(values, re, rules.pattern);
    if (ph) return ph;
  }
  const wants = (x: string) => types.includes(x) && !types.includes('string');
  // a column that writes decimal commas ("799,41 €", "1.200,50") reads "1,234" as 1.234 too
  const dc = writesDecimalCommas(values);
  const cast = (to: 'number' | 'integer'): Transform =>
    dc ? { kind: 'cast', to, decimalComma: true } : { kind: 'cast', to };
  const reads = shareOf(values, (v) => parseNumber(v, dc) !== undefined);
  // numbers written as text the profile did not call numeric: accounting negatives, codes, spaces
  const numeric = s.numeric || (p.type === 'string' && reads >= 0.9);
  if (wants('integer') && p.type !== 'integer' && numeric)
    return { transform: cast('integer'), note: `cast to integer${dc ? ' (decimal commas)' : ''}` };
  if (wants('number') && p.type !== 'number' && p.type !== 'integer' && numeric) {
    const coded = values.some((v) => /^[A-Z]{3}\s*\S|\S\s*[A-Z]{3}$/.test(v.trim()));
    const negative = values.some((v) => /^\(.*\)$/.test(v.trim()));
    const what =
      p.format === 'currency' || coded
        ? `currency amounts${coded ? ' (currency codes such as USD removed)' : ''}`
        : p.format === 'percent'
          ? 'percentages'
          : 'numbers written as text';
    return {
      transform: cast('number'),
      note: `${what}${negative ? ', (1,234.00) read as negative' : ''} cast to number; thousands separators and currency symbols dropped${dc ? ', decimal commas read (1.200,50 is 1200.5)' : ''} (${pctOf(reads)} of the sample reads as a number)`,
      ...(reads < 1 && p.type === 'string' ? { confidence: reads } : {}),
    };
  }
  if (wants('boolean') && p.type !== 'boolean')
    return { transform: { kind: 'cast', to: 'boolean' }, note: 'yes/no codes cast to boolean' };
  if (
    types.length &&
    types.every((x) => x === 'string' || x === 'null') &&
    p.type !== 'string' &&
    p.type !== 'null'
  ) {
    return { transform: { kind: 'cast', to: 'string' }, note: 'cast to text' };
  }
  return { transform: { kind: 'copy' } };
}
