import type { Transform } from '../spec/types.ts';
import { mapValues } from '../values/map-values.ts';
import type { SourceFeature, TargetFeature } from './features.ts';

export interface TransformChoice {
  transform: Transform;
  /** why (joins the field's reason) */
  note?: string;
}

/** The transform that makes the source's values valid for the target: casts, date layouts, lookups. */
export function chooseTransform(
  s: SourceFeature,
  t: TargetFeature,
  learned?: Record<string, unknown>,
  /** build lookups only for plausible pairs: value mapping is the costly part */
  withLookup = true,
): TransformChoice {
  const p = s.profile;
  const types = t.info.types;
  // a closed enum, or a short list of examples (a CSV target's de-facto vocabulary) with categories
  const shortExamples = !t.closed && t.values.length > 0 && t.values.length <= 50 && s.categorical;
  if (withLookup && (t.closed || shortExamples) && s.values.length > 0) {
    const m = mapValues(s.values, t.values, { learned });
    const identical = m.entries.every((e) => e.target === null || String(e.target) === e.source);
    if (!identical && (t.closed || m.coverage >= 0.5)) {
      const mapped = m.entries.length - m.unmatched.length;
      return {
        // examples are not a closed list: unmatched values pass through unchanged
        transform: { kind: 'lookup', table: m.table, fallback: t.closed ? 'null' : 'keep' },
        note: `values translated by a lookup (${mapped} of ${m.entries.length} source values matched)`,
      };
    }
  }
  if (t.expectsDate && s.date && p.layout) {
    const to = t.info.format === 'date-time' ? 'date-time' : 'date';
    const isoAlready =
      (to === 'date' && p.layout === 'YYYY-MM-DD') || (to === 'date-time' && p.layout === 'iso');
    if (!isoAlready)
      return {
        transform: { kind: 'date', from: p.layout, to },
        note: `dates re-written from ${p.layout} to ISO ${to}`,
      };
  }
  const wants = (x: string) => types.includes(x) && !types.includes('string');
  if (wants('integer') && p.type !== 'integer' && s.numeric)
    return { transform: { kind: 'cast', to: 'integer' }, note: 'cast to integer' };
  if (wants('number') && p.type !== 'number' && p.type !== 'integer' && s.numeric) {
    const what =
      p.format === 'currency'
        ? 'currency amounts'
        : p.format === 'percent'
          ? 'percentages'
          : 'numbers written as text';
    return { transform: { kind: 'cast', to: 'number' }, note: `${what} cast to number` };
  }
  if (wants('boolean') && p.type !== 'boolean')
    return { transform: { kind: 'cast', to: 'boolean' }, note: 'cast to boolean' };
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
