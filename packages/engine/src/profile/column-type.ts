import { dateLayoutsOf, isDateTimeLayout, valueFormatOf } from './formats.ts';
import { createProfiler } from './profiler.ts';
import type { FieldProfile, JsonType, ValueFormat } from './types.ts';

export interface ColumnType {
  /** the JSON type the column's strings should become */
  type: Exclude<JsonType, 'object' | 'array'>;
  format?: ValueFormat;
  layout?: string;
  nullable: boolean;
}

const EMPTY = /^\s*$|^(null|n\/a|na|none|nil|-)$/i;

/**
 * The type of a column of strings (CSV / Excel imports): numbers, integers and booleans written
 * as strings become those types; dates keep the string type with their format and layout.
 */
export function inferColumnType(values: Iterable<string | null | undefined>, threshold = 0.95): ColumnType {
  let total = 0;
  let empty = 0;
  const formats = new Map<string, number>();
  for (const raw of values) {
    total++;
    if (raw === null || raw === undefined || EMPTY.test(raw)) {
      empty++;
      continue;
    }
    const layouts = dateLayoutsOf(raw);
    const keys = layouts.length ? layouts.map((l) => `date:${l}`) : [valueFormatOf(raw) ?? 'text'];
    for (const k of keys) formats.set(k, (formats.get(k) ?? 0) + 1);
  }
  const nonEmpty = total - empty;
  const nullable = empty > 0;
  if (nonEmpty === 0) return { type: 'null', nullable: true };
  const need = nonEmpty * threshold;
  const n = (k: string) => formats.get(k) ?? 0;
  if (n('integer-string') >= need) return { type: 'integer', nullable };
  if (n('integer-string') + n('number-string') >= need) return { type: 'number', nullable };
  if (n('boolean-string') >= need) return { type: 'boolean', nullable };
  let best: [string, number] = ['', 0];
  for (const [k, c] of formats) if (k.startsWith('date:') && c > best[1]) best = [k, c];
  if (best[1] >= need) {
    const layout = best[0].slice(5);
    return { type: 'string', format: isDateTimeLayout(layout) ? 'date-time' : 'date', layout, nullable };
  }
  for (const [k, c] of formats) {
    if (k !== 'text' && !k.startsWith('date:') && c >= need)
      return { type: 'string', format: k as ValueFormat, nullable };
  }
  return { type: 'string', nullable };
}

/** Profiles tabular rows (string maps, as a CSV parser yields them) — same output as profileRecords. */
export function profileRows(rows: Iterable<Record<string, string>>): FieldProfile[] {
  const p = createProfiler();
  for (const r of rows) p.add(r);
  return p.result().fields;
}
