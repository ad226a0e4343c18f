import { describe, expect, it } from 'vitest';
import {
  type ColumnRole,
  type Columns,
  generateCandidates,
  levelOf,
  levelsShard,
  lshShape,
  planColumn,
  prepareColumn,
  prepareTable,
  resolve,
  resolveWith,
  rng,
  runShard,
  type ShardRequest,
  scoringPlan,
  shardedScorer,
} from '../src/index.ts';
import { editDistanceCodes, editDistanceUpTo2, jaroWinklerCodes } from '../src/resolve/fast.ts';
import { jaroWinkler } from '../src/similarity/compare.ts';

describe('entity-resolution scoring kernel', () => {
  it('compares encoded values exactly as the string comparators do', () => {
    const rand = rng(3);
    const word = (alphabet: string, n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    let checked = 0;
    for (let n = 0; n < 20_000; n++) {
      // small alphabets make repeated letters and transpositions; lengths cross the 31-char word
      const alphabet = rand() < 0.5 ? 'ab' : 'abcdefgh ';
      const a = word(alphabet, 1 + Math.floor(rand() * 40));
      const b = rand() < 0.3 ? `${a.slice(0, -1)}x` : word(alphabet, 1 + Math.floor(rand() * 40));
      if (a === b) continue;
      const codes = Uint16Array.from([...a, ...b], (c) => c.charCodeAt(0));
      const exact = jaroWinkler(a, b);
      expect(jaroWinklerCodes(codes, 0, a.length, a.length, b.length)).toBe(exact);
      // with a floor: the same number at or above it, some number below it otherwise
      const floored = jaroWinklerCodes(codes, 0, a.length, a.length, b.length, 0.7);
      if (exact >= 0.7) expect(floored).toBe(exact);
      else expect(floored).toBeLessThan(0.7);
      expect(editDistanceCodes(codes, 0, a.length, a.length, b.length)).toBe(editDistanceUpTo2(a, b));
      checked++;
    }
    expect(checked).toBeGreaterThan(15_000);
  });

  it("levels from the encoded plan are the string comparators' on every layout", () => {
    const rand = rng(9);
    // ASCII letters; more than 256 distinct characters (two-byte codes); values past 31
    // characters (packed by offsets, and the Jaro-Winkler word limit)
    const wide = Array.from({ length: 400 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    const cases: [string, string, number][] = [
      ['abcdefgh', 'name', 12],
      [wide, 'name', 8],
      ['abcde', 'name', 45],
      ['0123456789', 'phone', 10],
      ['abcdef.', 'email', 9],
    ];
    const atSign = (v: string) => (v.includes('@') ? v.indexOf('@') : v.length);
    const expected = (role: string, x: string, y: string) => {
      if (x === y) return 0;
      if (role === 'phone') return editDistanceUpTo2(x, y) <= 1 ? 1 : editDistanceUpTo2(x, y) <= 2 ? 2 : 3;
      const s = jaroWinkler(x, y);
      if (role === 'email')
        return atSign(x) === atSign(y) && x.slice(0, atSign(x)) === y.slice(0, atSign(y))
          ? 1
          : s >= 0.88
            ? 2
            : 3;
      return s >= 0.92 ? 1 : s >= 0.88 ? 2 : s >= 0.7 ? 3 : 4;
    };
    for (const [alphabet, role, length] of cases) {
      const word = () => {
        const n = 1 + Math.floor(rand() * length);
        let w = '';
        for (let i = 0; i < n; i++) w += alphabet[Math.floor(rand() * alphabet.length)];
        return role === 'email' ? `${w.slice(0, 3)}@${w.slice(3)}x` : w;
      };
      const base = Array.from({ length: 300 }, word);
      // near copies: one character changed, so every level occurs
      const values = base.flatMap((v) => [v, `${v.slice(0, -1)}${alphabet[0]}`, word()]);
      const col = prepareColumn('c', role as ColumnRole, values);
      const plan = planColumn(col);
      for (let n = 0; n < 3000; n++) {
        const a = Math.floor(rand() * values.length);
        const b = rand() < 0.5 ? a - (a % 3) + Math.floor(rand() * 3) : Math.floor(rand() * values.length);
        const x = col.values[col.ids[a] as number] as string;
        const y = col.values[col.ids[b] as number] as string;
        expect(levelOf(plan, a, b), `${role}: ${x} / ${y}`).toBe(expected(role, x, y));
      }
    }
  });

  it('levels of a whole plan (short values inline in the records) are the per-column levels', () => {
    const rand = rng(13);
    const pick = (alphabet: string, length: number) => () => {
      let w = '';
      const n = 1 + Math.floor(rand() * length);
      for (let i = 0; i < n; i++) w += alphabet[Math.floor(rand() * alphabet.length)];
      return rand() < 0.1 ? '' : w;
    };
    const wide = Array.from({ length: 400 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
    const specs: [string, () => string][] = [
      ['name', pick('abcdef', 8)],
      ['phone', pick('0123456789', 9)],
      ['name', pick(wide, 6)],
      ['address', pick('abc d', 50)],
      ['email', () => `${pick('abc', 4)()}@${pick('xy', 3)()}`],
    ];
    const records = 600;
    const cols = specs.map(([role, make], k) => {
      const base = Array.from({ length: records / 2 }, make);
      const values = base.flatMap((v) => [v, rand() < 0.5 ? v : make()]);
      return prepareColumn(`c${k}`, role as ColumnRole, values);
    });
    const plan = scoringPlan(cols);
    // the short byte-coded columns are inline, the two-byte and the long ones are not
    expect([...plan.inlineAt].map((x) => x >= 0)).toEqual([true, true, false, false, true]);
    const n = 5000;
    const a = Int32Array.from({ length: n }, () => Math.floor(rand() * records));
    const b = Int32Array.from(a, (x) => (rand() < 0.5 ? x ^ 1 : Math.floor(rand() * records)));
    const out = new Uint8Array(n * cols.length);
    levelsShard(plan, a, b, 0, n, out);
    cols.forEach((col, k) => {
      const alone = planColumn(col);
      for (let p = 0; p < n; p++)
        expect(out[p * cols.length + k]).toBe(levelOf(alone, a[p] as number, b[p] as number));
    });
  });

  it('scoring in shards (as threads do, each shard copied) gives exactly the scores of one thread', async () => {
    const rand = rng(5);
    const word = (n: number) =>
      Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
    const bases = Array.from({ length: 400 }, () => ({
      name: word(6),
      street: `${Math.floor(rand() * 90)} ${word(8)} road`,
      zip: String(1000 + Math.floor(rand() * 50)),
      note: `${word(4)} ${word(5)} ${word(3)} ${word(6)}`,
    }));
    const left: Record<string, string[]> = { name: [], street: [], zip: [], note: [] };
    for (const b of bases)
      for (let c = 0; c < 2; c++)
        for (const k of Object.keys(left))
          (left[k] as string[]).push(
            c && rand() < 0.5 ? `${b[k as keyof typeof b]}x` : b[k as keyof typeof b],
          );
    const input = { left: left as Columns };
    const one = resolve(input);
    const shards: string[] = [];
    const threaded = await resolveWith(
      input,
      {},
      shardedScorer(3, async (req: ShardRequest) => {
        shards.push(req.op);
        // a thread receives a structured clone (the arrays on shared memory stay shared) and
        // writes its results into them
        return structuredClone(runShard(structuredClone(req)));
      }),
    );
    // levels, then weights, each in several shards per thread
    const levelShards = shards.filter((op) => op === 'levels').length;
    expect(levelShards).toBeGreaterThanOrEqual(3);
    expect(shards).toEqual([...Array(levelShards).fill('levels'), ...Array(levelShards).fill('weights')]);
    expect(one.candidates.pairs.length).toBeGreaterThan(1000);
    expect([...threaded.levels]).toEqual([...one.levels]);
    expect([...threaded.scored.weight]).toEqual([...one.scored.weight]);
    expect([...threaded.clusters]).toEqual([...one.clusters]);
  });
});

describe('MinHash-LSH blocking', () => {
  it('chooses bands × rows whose S-curve threshold sits just below the target', () => {
    for (const t of [0.3, 0.5, 0.7, 0.8]) {
      const s = lshShape(t);
      expect(s.bands * s.rows).toBeLessThanOrEqual(128);
      expect(s.threshold).toBeLessThanOrEqual(t);
      expect(s.threshold).toBeGreaterThan(t - 0.12);
    }
  });

  it('finds generated near-duplicates of free text among few candidates', () => {
    const rand = rng(11);
    const vocab = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}`);
    const pick = () => vocab[Math.floor(rand() * vocab.length)] as string;
    const texts: string[] = [];
    const truth = new Set<string>();
    for (let e = 0; e < 1000; e++) {
      const words = Array.from({ length: 10 }, pick);
      texts.push(words.join(' '));
      // a near-duplicate: one word of ten replaced (Jaccard 9/11 ≈ 0.82)
      const copy = [...words];
      copy[Math.floor(rand() * 10)] = pick();
      texts.push(copy.join(' '));
      truth.add(`${texts.length - 2},${texts.length - 1}`);
    }
    const { table } = prepareTable({ left: { body: texts } }, { body: 'text' });
    const c = generateCandidates(table, [{ kind: 'minhash', columns: ['body'], threshold: 0.5 }]);
    let found = 0;
    for (let p = 0; p < c.pairs.length; p++) if (truth.has(`${c.pairs.a[p]},${c.pairs.b[p]}`)) found++;
    expect(found / truth.size).toBeGreaterThanOrEqual(0.99);
    // all pairs would be 2,000 × 1,999 / 2 ≈ 2M
    expect(c.pairs.length).toBeLessThan(3 * truth.size);
    expect(c.rules.every((bits) => bits === 1)).toBe(true);
  });
});
