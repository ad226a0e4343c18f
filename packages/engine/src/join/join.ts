import { tokens } from '../similarity/normalise.ts';
import { QgramIndex } from './blocking.ts';
import { joinKeyOf, normaliserOf, similarity } from './compare.ts';
import { JoinLimitError } from './errors.ts';
import { TfIdf } from './tfidf.ts';
import type { JoinCondition, JoinOptions, JoinPair, JoinResult } from './types.ts';

/**
 * The default threshold of a fuzzy join. Power Query's fuzzy merge uses 0.80 on its own
 * similarity; Jaro-Winkler's literature uses 0.85–0.9 for names (Winkler 1990, Cohen et al.
 * 2003). At 0.85 "ACME Corp." ~ "Acme Corporation" (1.0 once legal forms are set aside) and
 * "Acme" ≁ "Acne Studios" (0.67).
 */
export const DEFAULT_THRESHOLD = 0.85;
/** Output rows a join may produce by default before it stops (a repeated key on both sides). */
export const DEFAULT_MAX_PAIRS = 5_000_000;
/** Fuzzy candidates scored per left row by default. */
export const DEFAULT_MAX_CANDIDATES = 50;

type Row = Readonly<Record<string, unknown>>;

/** Nearest-to-threshold pairs kept for the preview. */
const NEAR_EXAMPLES = 10;

/**
 * A join in steps: keys and indexes are built once, then left rows are matched a range at a
 * time (a server can yield between ranges and report progress), then the result is assembled.
 */
export class JoinRun {
  private readonly exact: JoinCondition[];
  private readonly fuzzy: JoinCondition[];
  private readonly threshold: number;
  private readonly maxPairs: number;
  private readonly maxCandidates: number;
  private readonly leftKeys: (string | null)[][];
  private readonly rightKeys: (string | null)[][];
  private readonly buckets: Map<string, number[]> | null = null;
  private readonly index: QgramIndex | null = null;
  private readonly tfidf: TfIdf | undefined;
  private readonly matches: { right: number; score: number }[][];
  private readonly best: Float64Array;
  private pairs = 0;
  private compared = 0;
  private ambiguous = 0;
  private near: { left: number; right: number; score: number }[] = [];

  constructor(
    private readonly left: readonly Row[],
    private readonly right: readonly Row[],
    private readonly opts: JoinOptions,
  ) {
    if (!opts.conditions.length) throw new Error('A join needs at least one condition');
    this.exact = opts.conditions.filter((c) => c.method === 'exact');
    this.fuzzy = opts.conditions.filter((c) => c.method !== 'exact');
    this.threshold = opts.threshold ?? DEFAULT_THRESHOLD;
    this.maxPairs = opts.maxPairs ?? DEFAULT_MAX_PAIRS;
    this.maxCandidates = opts.maxCandidates ?? DEFAULT_MAX_CANDIDATES;
    this.leftKeys = opts.conditions.map((c) => left.map((r) => joinKeyOf(r[c.left], normaliserOf(c))));
    this.rightKeys = opts.conditions.map((c) => right.map((r) => joinKeyOf(r[c.right], normaliserOf(c))));
    this.matches = left.map(() => []);
    this.best = new Float64Array(left.length).fill(-1);
    if (this.exact.length) {
      this.buckets = new Map();
      for (let j = 0; j < right.length; j++) {
        const k = this.exactKey(this.rightKeys, j);
        if (k === null) continue;
        const list = this.buckets.get(k);
        if (list) list.push(j);
        else this.buckets.set(k, [j]);
      }
      this.checkExplosion();
    } else {
      this.index = new QgramIndex(this.rightKeys[this.conditionIndex(this.fuzzy[0]!)]!);
    }
    if (this.fuzzy.some((c) => c.method === 'tfidf_cosine')) {
      this.tfidf = new TfIdf();
      for (const c of this.fuzzy.filter((f) => f.method === 'tfidf_cosine')) {
        const i = this.conditionIndex(c);
        for (const k of [...this.leftKeys[i]!, ...this.rightKeys[i]!]) if (k) this.tfidf.add(tokens(k));
      }
    }
  }

  private conditionIndex(c: JoinCondition) {
    return this.opts.conditions.indexOf(c);
  }

  /** The exact conditions' keys of a row as one string, or null when one of them is null. */
  private exactKey(keys: (string | null)[][], row: number): string | null {
    let out = '';
    for (const c of this.exact) {
      const k = keys[this.conditionIndex(c)]![row];
      if (k === null || k === undefined) return null;
      out += `${k.length}:${k}`;
    }
    return out;
  }

  /** Counts the pairs an exact key would produce before any is made (sizes only). */
  private checkExplosion() {
    let total = 0;
    let worst = '';
    let worstSize = 0;
    for (let i = 0; i < this.left.length; i++) {
      const k = this.exactKey(this.leftKeys, i);
      const size = k === null ? 0 : (this.buckets!.get(k)?.length ?? 0);
      total += size;
      if (size > worstSize) {
        worstSize = size;
        worst = String(this.leftKeys[this.conditionIndex(this.exact[0]!)]![i]);
      }
      if (total > this.maxPairs) throw new JoinLimitError(total, this.maxPairs, worst);
    }
  }

  /** Matches left rows [from, to). */
  matchRange(from: number, to: number) {
    to = Math.min(to, this.left.length);
    for (let i = from; i < to; i++) this.matchRow(i);
  }

  private matchRow(i: number) {
    let candidates: number[];
    if (this.buckets) {
      const k = this.exactKey(this.leftKeys, i);
      candidates = k === null ? [] : (this.buckets.get(k) ?? []);
    } else {
      const k = this.leftKeys[this.conditionIndex(this.fuzzy[0]!)]![i];
      candidates = k == null ? [] : this.index!.candidates(k, this.maxCandidates);
    }
    const found = this.matches[i]!;
    let bestRight = -1;
    for (const j of candidates) {
      const score = this.score(i, j);
      if (score === null) continue;
      if (score > this.best[i]!) {
        this.best[i] = score;
        bestRight = j;
      }
      if (score >= this.threshold) found.push({ right: j, score });
    }
    if (found.length > 1) this.ambiguous++;
    found.sort((a, b) => b.score - a.score || a.right - b.right);
    if (this.opts.matches === 'best' && found.length > 1) found.length = 1;
    this.pairs += found.length;
    if (this.pairs > this.maxPairs) throw new JoinLimitError(this.pairs, this.maxPairs);
    if (this.fuzzy.length && bestRight >= 0) this.noteNear(i, bestRight);
  }

  /** The mean fuzzy score of a pair (1 when every condition is exact), or null when a key is null. */
  private score(i: number, j: number): number | null {
    if (!this.fuzzy.length) return 1;
    this.compared++;
    let sum = 0;
    for (const c of this.fuzzy) {
      const n = this.conditionIndex(c);
      const a = this.leftKeys[n]![i];
      const b = this.rightKeys[n]![j];
      if (a == null || b == null) return null;
      sum += similarity(c.method, a, b, this.tfidf);
    }
    return sum / this.fuzzy.length;
  }

  /** Keeps the row's best pair when it scores near the threshold, on either side of it. */
  private noteNear(i: number, right: number) {
    const score = this.best[i]!;
    if (Math.abs(score - this.threshold) > 0.15) return;
    this.near.push({ left: i, right, score });
    if (this.near.length > 4 * NEAR_EXAMPLES) this.trimNear();
  }

  private trimNear() {
    const t = this.threshold;
    this.near.sort((a, b) => Math.abs(a.score - t) - Math.abs(b.score - t) || a.left - b.left);
    this.near.length = Math.min(this.near.length, NEAR_EXAMPLES);
  }

  /** The output rows in order (left order, then unmatched right rows) and the counts. */
  result(): JoinResult {
    const { kind } = this.opts;
    const rows: JoinPair[] = [];
    const rightMatched = new Uint8Array(this.right.length);
    let matchedLeft = 0;
    const histogram = new Array<number>(10).fill(0);
    for (let i = 0; i < this.left.length; i++) {
      const found = this.matches[i]!;
      if (this.best[i]! >= 0) histogram[Math.min(9, Math.floor(this.best[i]! * 10))]!++;
      if (found.length) matchedLeft++;
      for (const m of found) rightMatched[m.right] = 1;
      if (kind === 'anti') {
        if (!found.length) rows.push({ left: i, right: null, score: null });
      } else if (found.length) {
        for (const m of found) rows.push({ left: i, right: m.right, score: m.score });
      } else if (kind === 'left' || kind === 'full') rows.push({ left: i, right: null, score: null });
    }
    let unmatchedRight = 0;
    for (let j = 0; j < this.right.length; j++) {
      if (rightMatched[j]) continue;
      unmatchedRight++;
      if (kind === 'right' || kind === 'full') rows.push({ left: null, right: j, score: null });
    }
    if (kind === 'right') {
      // a right join lists the matched pairs too; put them in right order like the unmatched
      rows.sort((a, b) => a.right! - b.right! || (a.left ?? -1) - (b.left ?? -1));
    }
    if (rows.length > this.maxPairs) throw new JoinLimitError(rows.length, this.maxPairs);
    this.trimNear();
    return {
      rows,
      stats: {
        leftRows: this.left.length,
        rightRows: this.right.length,
        matchedLeft,
        unmatchedLeft: this.left.length - matchedLeft,
        unmatchedRight,
        ambiguous: this.ambiguous,
        pairs: this.pairs,
        compared: this.compared,
        histogram,
      },
      nearThreshold: this.fuzzy.length ? this.near : [],
    };
  }
}

/** Joins two arrays of rows at once (see JoinRun to do it in steps). */
export function joinRows(left: readonly Row[], right: readonly Row[], opts: JoinOptions): JoinResult {
  const run = new JoinRun(left, right, opts);
  run.matchRange(0, left.length);
  return run.result();
}
