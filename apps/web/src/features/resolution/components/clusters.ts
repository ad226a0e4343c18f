import type { TResolution } from '@mapwright/contracts';
import type { ResolvedRecord } from '../api.ts';

export interface Member {
  key: string;
  side: 'left' | 'right' | null;
  record: ResolvedRecord;
}

/** The key a record was labelled by: its key column, or its row number (per side in a link). */
export function membersOf(resolution: TResolution, records: ResolvedRecord[]): Map<string, Member[]> {
  const clusters = new Map<string, Member[]>();
  const counters = { left: 0, right: 0 };
  for (const record of records) {
    const side = (record.source as 'left' | 'right' | undefined) ?? 'left';
    counters[side]++;
    const key = resolution.id_column
      ? String(record[resolution.id_column] ?? `#${counters[side]}`)
      : `#${counters[side]}`;
    const m: Member = { key, side: record.source ? side : null, record };
    const list = clusters.get(record.cluster_id);
    if (list) list.push(m);
    else clusters.set(record.cluster_id, [m]);
  }
  return clusters;
}

/** The columns of the records, without the ones the resolution adds. */
export const fieldsOf = (records: ResolvedRecord[]) =>
  [...new Set(records.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'cluster_id' && k !== 'source');

/** A label's pair in the order the server keys it: left record first in a link. */
export const pairOf = (x: Member, y: Member) =>
  (x.side === 'right' ? [y.key, x.key] : [x.key, y.key]) as [string, string];
