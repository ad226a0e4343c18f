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
    // rarest grams first; common ones only while the rows visited stay within a budget (the
    // rarest three always count, so a value made of common grams still finds its peers)
    const budget = Math.max(512, limit * 16);
    const { counts, touched } = this;
    let visited = 0;
    let maxCount = 0;
    for (let k = 0; k < lists.length; k++) {
      const list = lists[k]!;
      if (k >= 3 && visited + list.length > budget) break;
      visited += list.length;
      for (const row of list) {
        if (counts[row] === 0) touched.push(row);
        const c = ++counts[row]!;
        if (c > maxCount) maxCount = c;
      }
    }
    // a row sharing under half the grams of the best one cannot be a close variant of the value
    const floor = Math.ceil(maxCount / 2);
    let out: number[];
    if (touched.length <= limit) out = touched.filter((row) => counts[row]! >= floor);
    else {
      // the `limit` rows with the most shared grams, by a histogram of counts (linear, no sort)
      const byCount = new Int32Array(maxCount + 1);
      for (const row of touched) byCount[counts[row]!]!++;
      let cut = maxCount;
      let kept = byCount[cut]!;
      while (cut > floor && kept < limit) kept += byCount[--cut]!;
      out = [];
      for (const row of touched) if (counts[row]! > cut) out.push(row);
      for (const row of touched) {
        if (out.length >= limit) break;
        if (counts[row] === cut) out.push(row);
      }
    }
    for (const row of touched) counts[row] = 0;
    touched.length = 0;
    return out;
  }
}
