import { describe, expect, it } from 'vitest';
import {
  type Columns,
  generateCandidates,
  lshShape,
  prepareTable,
  resolve,
  resolveWith,
  rng,
  runShard,
  type ShardRequest,
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
      expect(jaroWinklerCodes(codes, 0, a.length, a.length, b.length)).toBe(jaroWinkler(a, b));
      expect(editDistanceCodes(codes, 0, a.length, a.length, b.length)).toBe(editDistanceUpTo2(a, b));
      checked++;
    }
    expect(checked).toBeGreaterThan(15_000);
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
    // levels, then weights, each in three shards
    expect(shards).toEqual(['levels', 'levels', 'levels', 'weights', 'weights', 'weights']);
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
