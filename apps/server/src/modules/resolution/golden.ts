/**
 * Golden records (the reference in memory; the server builds them with the same rules in SQL,
 * golden-sql.ts, and a property test holds the two equal): one record per entity, each field's value chosen by the field's survivorship
 * rule (the four usual ones of master-data tools), unless a person chose it (an override,
 * remembered by a member record's key so it outlives re-runs that renumber clusters).
 */

export const SURVIVORSHIP_RULES = ['most_frequent', 'longest', 'latest', 'source_priority'] as const;
export type Survivorship = (typeof SURVIVORSHIP_RULES)[number];

/** A resolved record as the output dataset holds it. */
export type Resolved = Record<string, unknown> & { cluster_id: string; source?: string };

/** Columns that are the resolution's own, not the records'. */
const OWN = new Set(['cluster_id', 'source']);
const asText = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));
/** a value unless null, blank or an empty list */
const present = (v: unknown) =>
  v !== null && v !== undefined && asText(v).trim() !== '' && asText(v) !== '[]';
const chars = (s: string) => [...s].length;

/**
 * One field's surviving value. `members` are in input order, which is taken as age: later rows
 * of an import (or the right side of a linkage, loaded after the left) are the newer ones.
 * Source priority: the left (first) input's values win, then input order.
 */
export function survive(members: Resolved[], field: string, rule: Survivorship): string | null {
  const values = members
    .map((m) => m[field])
    .filter(present)
    .map(asText);
  if (!values.length) return null;
  if (rule === 'latest') return values[values.length - 1] as string;
  if (rule === 'source_priority') {
    const first = members
      .filter((m) => m.source !== 'right')
      .map((m) => m[field])
      .find(present);
    return first === undefined ? (values[0] as string) : asText(first);
  }
  // ties: the earliest record's value, so the result does not depend on Map iteration tricks;
  // length in characters (code points), as SQL counts them (golden-sql.ts)
  if (rule === 'longest') return values.reduce((a, b) => (chars(b) > chars(a) ? b : a));
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = values[0] as string;
  for (const [v, c] of counts) if (c > (counts.get(best) as number)) best = v;
  return best;
}

export interface Golden {
  cluster_id: string;
  records: number;
  values: Record<string, string | null>;
  /** distinct values among the members, per field: what a person can pick from */
  options: Record<string, string[]>;
  overridden: string[];
}

/** The record fields of resolved records (their union, in first-seen order). */
export const fieldsOf = (records: Resolved[]) => [
  ...new Set(records.flatMap((r) => Object.keys(r)).filter((k) => !OWN.has(k))),
];

/**
 * Golden records of every cluster, largest first. `keyOf` gives a record's key (what
 * overrides name); an override applies to the cluster holding its record.
 */
export function goldenRecords(
  records: Resolved[],
  rules: Record<string, Survivorship>,
  overrides: { recordKey: string; column: string; value: string | null }[],
  keyOf: (r: Resolved, i: number) => string,
): { fields: string[]; items: Golden[] } {
  const fields = fieldsOf(records);
  const clusters = new Map<string, Resolved[]>();
  const clusterOfKey = new Map<string, string>();
  records.forEach((r, i) => {
    const list = clusters.get(r.cluster_id);
    if (list) list.push(r);
    else clusters.set(r.cluster_id, [r]);
    clusterOfKey.set(keyOf(r, i), r.cluster_id);
  });
  const chosen = new Map<string, Map<string, string | null>>();
  for (const o of overrides) {
    const c = clusterOfKey.get(o.recordKey);
    if (c === undefined || !fields.includes(o.column)) continue;
    const m = chosen.get(c) ?? new Map();
    m.set(o.column, o.value);
    chosen.set(c, m);
  }
  const items = [...clusters]
    .sort((a, b) => b[1].length - a[1].length)
    .map(([id, members]) => {
      const mine = chosen.get(id);
      return {
        cluster_id: id,
        records: members.length,
        values: Object.fromEntries(
          fields.map((f) => [
            f,
            mine?.has(f) ? (mine.get(f) as string | null) : survive(members, f, rules[f] ?? 'most_frequent'),
          ]),
        ),
        options: Object.fromEntries(
          fields.map((f) => [
            f,
            [
              ...new Set(
                members
                  .map((m) => m[f])
                  .filter(present)
                  .map(asText),
              ),
            ],
          ]),
        ),
        overridden: mine ? [...mine.keys()] : [],
      };
    });
  return { fields, items };
}
