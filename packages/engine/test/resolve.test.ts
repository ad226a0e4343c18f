import { describe, expect, it } from 'vitest';
import {
  type Comparison,
  expectationMaximisation,
  type FsModel,
  inferRole,
  orderByWeight,
  type Pattern,
  resolve,
  rng,
} from '../src/index.ts';
import { people } from './resolve-people.ts';

describe('entity resolution', () => {
  it('infers column roles from values, not names', () => {
    expect(inferRole('x', ['ann@example.com', 'bob@mail.org', 'cy@x.io']).role).toBe('email');
    expect(inferRole('x', ['19990219', '20010101', '19750612', '19601231']).role).toBe('date');
    expect(inferRole('x', ['1950-01-10', '1961-02-11', '1972-03-12']).role).toBe('date');
    expect(inferRole('x', ['+49 30 1234567', '+33 1 23 45 67 89', '(555) 123-4567']).role).toBe('phone');
    expect(inferRole('x', ['4011', '4814', '2000', '3999', '7250']).role).toBe('code');
    expect(
      inferRole('x', [
        'A study of query optimisation in relational systems',
        'Indexing spatial data at scale',
      ]).role,
    ).toBe('text');
    expect(inferRole('x', ['Acme Corp', 'Globex GmbH', 'Initech Ltd', 'Umbrella plc', 'Hooli']).role).toBe(
      'organisation',
    );
    expect(inferRole('x', ['12 tullaroop street', '4 giblin st', '9 main road']).role).toBe('address');
    expect(inferRole('x', ['', null, ' ']).role).toBe('ignore');
  });

  it('EM recovers known m (and λ) from unlabelled pairs within 0.05', () => {
    const rand = rng(3);
    const trueM = [
      [0.85, 0.1, 0.05],
      [0.7, 0.2, 0.1],
      [0.9, 0.05, 0.05],
      [0.6, 0.3, 0.1],
    ];
    const trueU = [
      [0.01, 0.04, 0.95],
      [0.05, 0.1, 0.85],
      [0.002, 0.02, 0.978],
      [0.1, 0.2, 0.7],
    ];
    const draw = (p: number[]) => {
      let r = rand();
      for (let l = 0; l < p.length; l++) {
        r -= p[l] as number;
        if (r < 0) return l;
      }
      return p.length - 1;
    };
    const map = new Map<string, Pattern>();
    for (let i = 0; i < 50_000; i++) {
      const match = rand() < 0.2;
      const levels = Uint8Array.from((match ? trueM : trueU).map(draw));
      const key = levels.join();
      const e = map.get(key);
      if (e) e.count++;
      else map.set(key, { levels, rules: 1, count: 1 });
    }
    const model: FsModel = {
      lambda: 0.5,
      m: trueM.map(() => Float64Array.of(0.6, 0.3, 0.1)),
      u: trueU.map((u) => Float64Array.from(u)),
    };
    const { lambda } = expectationMaximisation([...map.values()], model, {
      masked: new Set(),
      fixed: new Set(),
    });
    expect(Math.abs(lambda - 0.2)).toBeLessThan(0.05);
    model.m.forEach((m, k) => {
      m.forEach((v, l) => {
        expect(Math.abs(v - (trueM[k]?.[l] as number))).toBeLessThan(0.05);
      });
    });
  });

  it('estimates u without labels: random pairs of uniform codes agree as often as theory says', () => {
    const rand = rng(9);
    const values = Array.from({ length: 4000 }, () => String(Math.floor(rand() * 20)));
    const other = Array.from({ length: 4000 }, (_, i) => `v${i}`);
    const res = resolve({ left: { k: values, o: other } }, { rules: [{ kind: 'exact', columns: ['k'] }] });
    const k = res.comparisons.findIndex((c: Comparison) => c.column === 'k');
    // 20 equally likely values: two random records agree with probability 1/20
    expect(Math.abs((res.model.u[k]?.[0] as number) - 0.05)).toBeLessThan(0.01);
  });

  it('the automatic threshold lands within 0.02 F1 of the best threshold', () => {
    const { columns, entity } = people(3000);
    const res = resolve({ left: columns });
    const { a, b, length } = res.candidates.pairs;
    const truePairs = new Set<string>();
    const byEntity = new Map<number, number[]>();
    entity.forEach((e, i) => {
      byEntity.set(e, [...(byEntity.get(e) ?? []), i]);
    });
    for (const m of byEntity.values())
      for (let i = 0; i < m.length; i++)
        for (let j = i + 1; j < m.length; j++) truePairs.add(`${m[i]},${m[j]}`);
    const isTrue = (p: number) => truePairs.has(`${a[p]},${b[p]}`);
    // F1 of the pairs at or above each weight, the chosen one and the best one
    const order = orderByWeight(res.scored.weight);
    let tp = 0;
    let best = 0;
    for (let i = 0; i < length; i++) {
      if (isTrue(order[i] as number)) tp++;
      best = Math.max(best, (2 * tp) / (i + 1 + truePairs.size));
    }
    const chosen = res.matches.filter(isTrue).length;
    const f1 = (2 * chosen) / (res.matches.length + truePairs.size);
    expect(best).toBeGreaterThan(0.9);
    expect(best - f1).toBeLessThan(0.02);
  });

  it('a pair decided "not the same" stays in separate clusters, even through other records', () => {
    const { columns, entity } = people(600, 4);
    const first = resolve({ left: columns });
    // an entity with three records, all clustered together
    const trio = [...new Set(entity)]
      .map((e) => entity.flatMap((x, i) => (x === e ? [i] : [])))
      .find((m) => m.length === 3 && new Set(m.map((i) => first.clusters[i])).size === 1);
    expect(trio).toBeDefined();
    const [x, y] = trio as number[];
    const again = resolve({ left: columns }, { cannotLink: [[x as number, y as number]] });
    expect(again.clusters[x as number]).not.toBe(again.clusters[y as number]);
  });

  it('links two tables one to one', () => {
    const { columns, entity } = people(800, 5);
    const idx = entity.map((_, i) => i);
    // left: first record of each entity; right: a second record where there is one
    const firstOf = new Map<number, number>();
    const second = new Map<number, number>();
    for (const i of idx) {
      const e = entity[i] as number;
      if (!firstOf.has(e)) firstOf.set(e, i);
      else if (!second.has(e)) second.set(e, i);
    }
    const take = (rows: number[]) =>
      Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, rows.map((r) => v[r] ?? null)]));
    const leftRows = [...firstOf.values()];
    const rightRows = [...second.values()];
    const res = resolve({ left: take(leftRows), right: take(rightRows) });
    const used = new Set<number>();
    let correct = 0;
    for (const p of res.matches) {
      const l = res.candidates.pairs.a[p] as number;
      const r = res.candidates.pairs.b[p] as number;
      expect(used.has(l) || used.has(r)).toBe(false);
      used.add(l);
      used.add(r);
      if (entity[leftRows[l] as number] === entity[rightRows[r - leftRows.length] as number]) correct++;
    }
    expect(correct / rightRows.length).toBeGreaterThan(0.9);
    expect(correct / res.matches.length).toBeGreaterThan(0.95);
  });
});
