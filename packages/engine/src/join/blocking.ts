import { qgrams } from '../similarity/normalise.ts';

/**
 * Candidate generation for fuzzy joins by a q-gram inverted index (Gravano et al. 2001): a left
 * value is only compared with right values sharing some of its character trigrams, best first.
 * Bounded twice, so no value costs all-pairs: grams held by very many rows ("ing", "  a") are
 * skipped once a value has rarer ones, and at most `limit` candidates are kept per value.
 */
export class QgramIndex {
  private readonly postings = new Map<string, number[]>();
  private readonly counts: Int32Array;
  private readonly touched: number[] = [];

  constructor(
    keys: readonly (string | null)[],
    private readonly q = 3,
  ) {
    this.counts = new Int32Array(keys.length);
    keys.forEach((key, row) => {
      if (key === null) return;
      for (const g of new Set(qgrams(key, q))) {
        const list = this.postings.get(g);
        if (list) list.push(row);
        else this.postings.set(g, [row]);
      }
    });
  }

  /** Rows sharing the most grams with `key`, at most `limit` of them. */
  candidates(key: string, limit: number): number[] {
    const lists: number[][] = [];
    for (const g of new Set(qgrams(key, this.q))) {
      const list = this.postings.get(g);
      if (list) lists.push(list);
    }
    if (!lists.length) return [];
    lists.sort((a, b) => a.length - b.length);
    // the rarer half of the grams always counts; common grams only while they stay cheap
    const cap = Math.max(64, limit * 8);
    const keep = Math.max(1, Math.ceil(lists.length / 2));
    const { counts, touched } = this;
    for (let k = 0; k < lists.length; k++) {
      const list = lists[k]!;
      if (k >= keep && list.length > cap) break;
      for (const row of list) {
        if (counts[row] === 0) touched.push(row);
        counts[row]!++;
      }
    }
    let out: number[];
    if (touched.length <= limit) out = touched.slice();
    else {
      // the `limit` rows with the most shared grams (ties: the earlier row)
      out = touched
        .slice()
        .sort((a, b) => counts[b]! - counts[a]! || a - b)
        .slice(0, limit);
    }
    for (const row of touched) counts[row] = 0;
    touched.length = 0;
    return out;
  }
}
