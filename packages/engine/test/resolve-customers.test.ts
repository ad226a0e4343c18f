/**
 * Over-merging on small, realistic data: the customer export the entity-resolution e2e dedupes
 * (apps/web/e2e/entity-resolution.spec.ts, customersCsv). True duplicates share the email (one
 * copy upper-cased) and the birth date; "near-miss" rows share the name and the city but are
 * other people. Connected components must not chain entities together.
 */
import { describe, expect, it } from 'vitest';
import { type Columns, resolve } from '../src/index.ts';

/** The e2e's generator, as columns, with the entity of each record. */
export function customers(): { columns: Columns; entity: number[] } {
  const firsts = [
    'anna',
    'bruno',
    'carla',
    'dmitri',
    'elena',
    'farid',
    'greta',
    'hugo',
    'ines',
    'jonas',
    'kira',
    'lars',
  ];
  const lasts = [
    'meyer',
    'novak',
    'olsen',
    'petrov',
    'quinn',
    'rossi',
    'schmidt',
    'tanaka',
    'ulrich',
    'vogel',
    'weber',
  ];
  const rows: string[][] = [];
  const entity: number[] = [];
  let n = 0;
  let e = 0;
  for (let i = 0; i < 120; i++) {
    const f = firsts[i % firsts.length] as string;
    const l = lasts[(i * 7) % lasts.length] as string;
    const email = `${f}.${l}${i}@example.com`;
    const city = ['berlin', 'paris', 'madrid', 'rome', 'oslo'][i % 5] as string;
    const dob = `19${50 + (i % 45)}-0${1 + (i % 9)}-1${i % 10}`;
    const person = e++;
    rows.push([`C${++n}`, f, l, email, city, dob]);
    entity.push(person);
    if (i % 3 === 0) {
      rows.push([`C${++n}`, f.toUpperCase(), `${l.slice(0, -1)}x`, email, city, dob]);
      entity.push(person);
    }
    if (i % 10 === 0) {
      rows.push([`C${++n}`, f, l, email.toUpperCase(), city, '']);
      entity.push(person);
    }
    if (i % 7 === 0) {
      rows.push([`C${++n}`, f, l, `${f}${i}@mail.org`, city, `19${10 + (i % 40)}-1${i % 3}-2${i % 8}`]);
      entity.push(e++);
    }
  }
  const names = ['customer_id', 'first_name', 'last_name', 'email', 'city', 'birth_date'];
  return { columns: Object.fromEntries(names.map((c, k) => [c, rows.map((r) => r[k] as string)])), entity };
}

/** Pairwise F1 of clusters against the true entities, and the largest cluster. */
export function scoreClusters(clusters: ArrayLike<number>, entity: number[]) {
  const pairs = (of: ArrayLike<number>) => {
    const groups = new Map<number, number[]>();
    for (let i = 0; i < of.length; i++)
      groups.set(of[i] as number, [...(groups.get(of[i] as number) ?? []), i]);
    const out = new Set<string>();
    for (const g of groups.values())
      for (let x = 0; x < g.length; x++) for (let y = x + 1; y < g.length; y++) out.add(`${g[x]},${g[y]}`);
    return { out, largest: Math.max(...[...groups.values()].map((g) => g.length)) };
  };
  const predicted = pairs(clusters);
  const truth = pairs(entity);
  let tp = 0;
  for (const p of predicted.out) if (truth.out.has(p)) tp++;
  const f1 = (2 * tp) / (predicted.out.size + truth.out.size);
  return { f1, largest: predicted.largest, trueLargest: truth.largest };
}

describe('dedupe of the e2e customer export', () => {
  const { columns, entity } = customers();

  it.each([
    { how: 'with its record key', idColumn: 'customer_id' },
    { how: 'without a record key (the key column is compared)', idColumn: undefined },
  ])('finds the true customers $how', ({ idColumn }) => {
    const res = resolve({ left: columns, ...(idColumn ? { idColumn } : {}) });
    const s = scoreClusters(res.clusters, entity);
    expect(s.f1).toBeGreaterThanOrEqual(0.95);
    expect(s.largest).toBeLessThanOrEqual(s.trueLargest + 1);
  });

  it('does not chain entities after careless decisions (the e2e presses Y, N, S in turn)', () => {
    const first = resolve({ left: columns, idColumn: 'customer_id' });
    const { a, b } = first.candidates.pairs;
    // the review queue's head: the most uncertain pairs
    const queue = Array.from({ length: a.length }, (_, p) => p)
      .filter(
        (p) =>
          (first.scored.probability[p] as number) > 0.001 && (first.scored.probability[p] as number) < 0.999,
      )
      .sort(
        (x, y) =>
          Math.abs((first.scored.probability[x] as number) - 0.5) -
          Math.abs((first.scored.probability[y] as number) - 0.5),
      )
      .slice(0, 10);
    const keys = ['y', 'n', 's', 'y', 'y', 'n', 's', 'y', 'n', 'y'];
    const yes = queue
      .filter((_, i) => keys[i] === 'y')
      .map((p) => [a[p] as number, b[p] as number] as [number, number]);
    const no = queue
      .filter((_, i) => keys[i] === 'n')
      .map((p) => [a[p] as number, b[p] as number] as [number, number]);
    const again = resolve(
      { left: columns, idColumn: 'customer_id' },
      {
        mustLink: yes,
        cannotLink: no,
        labels: [
          ...yes.map(([x, y]) => ({ a: x, b: y, match: true })),
          ...no.map(([x, y]) => ({ a: x, b: y, match: false })),
        ],
      },
    );
    const s = scoreClusters(again.clusters, entity);
    // a "the same" on a near-miss adds one record to a customer and no chain forms; pairwise F1
    // against the generator's truth is not asserted: five decisions saying "same name and city
    // is the same person" teach the model exactly that, and it merges the other near-misses too
    expect(s.largest).toBeLessThanOrEqual(s.trueLargest + 1);
  });
});
