import { describe, expect, it } from 'vitest';
import { JoinLimitError, joinOutputColumns, joinRows, suggestJoinKeys } from '../src/join/index.ts';
import type { JoinKind, JoinOptions } from '../src/join/types.ts';

// Hand-checked case: ids 1 and 2 on both sides (2 twice on the right), 3 only left, 4 only right,
// a null on each side (nulls never match).
const L = [
  { id: '1', a: 'l1' },
  { id: '2', a: 'l2' },
  { id: '3', a: 'l3' },
  { id: null, a: 'lnull' },
];
const R = [
  { id: '2', b: 'r2a' },
  { id: '1', b: 'r1' },
  { id: '4', b: 'r4' },
  { id: '2', b: 'r2b' },
  { id: null, b: 'rnull' },
];
const exact = (kind: JoinKind): JoinOptions => ({
  kind,
  conditions: [{ left: 'id', right: 'id', method: 'exact' }],
});
const pairs = (kind: JoinKind) => joinRows(L, R, exact(kind)).rows.map((p) => [p.left, p.right]);

describe('joinRows: every kind on a hand-checked case', () => {
  it('inner keeps matched pairs only, every duplicate', () => {
    expect(pairs('inner')).toEqual([
      [0, 1],
      [1, 0],
      [1, 3],
    ]);
  });
  it('left adds unmatched left rows (the null key among them)', () => {
    expect(pairs('left')).toEqual([
      [0, 1],
      [1, 0],
      [1, 3],
      [2, null],
      [3, null],
    ]);
  });
  it('right lists right rows in order with their matches, unmatched ones alone', () => {
    expect(pairs('right')).toEqual([
      [1, 0],
      [0, 1],
      [null, 2],
      [1, 3],
      [null, 4],
    ]);
  });
  it('full keeps everything', () => {
    expect(pairs('full')).toEqual([
      [0, 1],
      [1, 0],
      [1, 3],
      [2, null],
      [3, null],
      [null, 2],
      [null, 4],
    ]);
  });
  it('anti keeps left rows matching nothing', () => {
    expect(pairs('anti')).toEqual([
      [2, null],
      [3, null],
    ]);
  });
  it('counts matched, unmatched and ambiguous rows', () => {
    const { stats } = joinRows(L, R, exact('inner'));
    expect(stats).toMatchObject({
      matchedLeft: 2,
      unmatchedLeft: 2,
      unmatchedRight: 2,
      ambiguous: 1,
      pairs: 3,
    });
  });
  it('best keeps one match per left row', () => {
    const r = joinRows(L, R, { ...exact('inner'), matches: 'best' });
    expect(r.rows.map((p) => [p.left, p.right])).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
  it('several exact conditions must all hold', () => {
    const r = joinRows(
      [
        { a: 'x', b: '1' },
        { a: 'x', b: '2' },
      ],
      [{ a: 'x', b: '2' }],
      {
        kind: 'inner',
        conditions: [
          { left: 'a', right: 'a', method: 'exact' },
          { left: 'b', right: 'b', method: 'exact' },
        ],
      },
    );
    expect(r.rows.map((p) => [p.left, p.right])).toEqual([[1, 0]]);
  });
});

describe('fuzzy joins', () => {
  const names = (left: string[], right: string[], method: JoinOptions['conditions'][0]['method']) =>
    joinRows(
      left.map((name) => ({ name })),
      right.map((name) => ({ name })),
      { kind: 'inner', conditions: [{ left: 'name', right: 'name', method }] },
    );

  it('finds "ACME Corp." ~ "Acme Corporation" and refuses "Acme" ~ "Acne Studios" at the default threshold', () => {
    for (const method of ['jaro_winkler', 'levenshtein', 'token_jaccard', 'tfidf_cosine'] as const) {
      expect(names(['ACME Corp.'], ['Acme Corporation'], method).rows, method).toHaveLength(1);
      expect(names(['Acme'], ['Acne Studios'], method).rows, method).toHaveLength(0);
    }
  });

  it('matches accents, case, punctuation and legal forms, best first', () => {
    const r = joinRows(
      [{ n: 'Müller GmbH' }, { n: 'The Widget Company' }, { n: 'Zebra' }],
      [{ n: 'widget co' }, { n: 'MULLER' }, { n: 'Mueller AG' }],
      { kind: 'left', matches: 'best', conditions: [{ left: 'n', right: 'n', method: 'jaro_winkler' }] },
    );
    expect(r.rows.map((p) => [p.left, p.right])).toEqual([
      [0, 1],
      [1, 0],
      [2, null],
    ]);
    expect(r.rows[0]!.score).toBe(1);
  });

  it('nulls and empty values never match, not even each other', () => {
    const r = joinRows([{ n: null }, { n: '' }, { n: '  ' }], [{ n: null }, { n: '' }], {
      kind: 'inner',
      conditions: [{ left: 'n', right: 'n', method: 'jaro_winkler' }],
    });
    expect(r.rows).toEqual([]);
    const e = joinRows([{ n: null }], [{ n: null }], {
      kind: 'inner',
      conditions: [{ left: 'n', right: 'n', method: 'exact' }],
    });
    expect(e.rows).toEqual([]);
  });

  it('all keeps every match above the threshold and counts the row ambiguous', () => {
    const r = joinRows([{ n: 'Acme Corp' }], [{ n: 'ACME Inc' }, { n: 'Acme Ltd' }, { n: 'Apex' }], {
      kind: 'inner',
      matches: 'all',
      conditions: [{ left: 'n', right: 'n', method: 'jaro_winkler' }],
    });
    expect(r.rows.map((p) => p.right)).toEqual([0, 1]);
    expect(r.stats.ambiguous).toBe(1);
  });

  it('blocking does not compare all pairs', () => {
    const left = Array.from({ length: 2000 }, (_, i) => ({ n: `company ${i} holdings` }));
    const right = Array.from({ length: 2000 }, (_, i) => ({ n: `company ${i} holding` }));
    const r = joinRows(left, right, {
      kind: 'inner',
      matches: 'best',
      conditions: [{ left: 'n', right: 'n', method: 'jaro_winkler' }],
    });
    expect(r.stats.compared).toBeLessThanOrEqual(2000 * 50);
    expect(r.stats.matchedLeft).toBe(2000);
    expect(r.rows.filter((p) => p.left === p.right).length).toBeGreaterThan(1900);
  });

  it('an exact condition plus a fuzzy one: the fuzzy one is scored within the exact block', () => {
    const r = joinRows(
      [
        { c: 'DE', n: 'Acme' },
        { c: 'FR', n: 'Acme' },
      ],
      [
        { c: 'DE', n: 'ACME GmbH' },
        { c: 'US', n: 'Acme Inc' },
      ],
      {
        kind: 'left',
        conditions: [
          { left: 'c', right: 'c', method: 'exact' },
          { left: 'n', right: 'n', method: 'jaro_winkler' },
        ],
      },
    );
    expect(r.rows.map((p) => [p.left, p.right])).toEqual([
      [0, 0],
      [1, null],
    ]);
  });
});

describe('limits and helpers', () => {
  it('a key with 100k duplicates on both sides stops with a clear error, not a 10^10-row result', () => {
    const left = Array.from({ length: 100_000 }, () => ({ k: 'same' }));
    const right = Array.from({ length: 100_000 }, () => ({ k: 'same' }));
    const run = () =>
      joinRows(left, right, { kind: 'inner', conditions: [{ left: 'k', right: 'k', method: 'exact' }] });
    expect(run).toThrow(JoinLimitError);
    expect(run).toThrow(/more than 5,000,000 rows.*"same" repeats on both sides/);
  });

  it('prefixes clashing output columns on both sides', () => {
    expect(joinOutputColumns(['id', 'name'], ['id', 'city']).map((c) => c.name)).toEqual([
      'left_id',
      'name',
      'right_id',
      'city',
    ]);
  });

  it('suggests a fuzzy name key with its expected match rate before anything runs', () => {
    const left = ['ACME Corp.', 'Globex Inc', 'Initech LLC', 'Umbrella plc'];
    const right = ['Acme Corporation', 'Globex', 'Initech', 'Umbrella Ltd', 'Hooli'];
    const s = suggestJoinKeys(
      [
        { name: 'company', rows: 4, nulls: 0, distinct: 4, values: left },
        { name: 'n', rows: 4, nulls: 0, distinct: 4, values: ['1', '2', '3', '4'] },
      ],
      [
        { name: 'company_name', rows: 5, nulls: 0, distinct: 5, values: right },
        { name: 'id', rows: 5, nulls: 0, distinct: 5, values: ['9', '8', '7', '6', '5'] },
      ],
    );
    expect(s[0]).toMatchObject({
      left: 'company',
      right: 'company_name',
      method: 'jaro_winkler',
      expectedMatchRate: 1,
    });
    expect(s.some((x) => x.left === 'n' && x.right === 'id')).toBe(false);
  });
});
