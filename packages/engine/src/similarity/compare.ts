/**
 * String comparators in [0, 1] (1 = identical), written for hot loops: no allocation beyond a
 * few typed arrays reused per call. Inputs are expected normalised (see normalise.ts).
 */

let matchA = new Uint8Array(64);
let matchB = new Uint8Array(64);

/** Jaro similarity (Jaro 1989). */
export function jaro(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  if (matchA.length < la) matchA = new Uint8Array(la * 2);
  if (matchB.length < lb) matchB = new Uint8Array(lb * 2);
  matchA.fill(0, 0, la);
  matchB.fill(0, 0, lb);
  const window = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  let matches = 0;
  for (let i = 0; i < la; i++) {
    const lo = Math.max(0, i - window);
    const hi = Math.min(lb - 1, i + window);
    const c = a.charCodeAt(i);
    for (let j = lo; j <= hi; j++) {
      if (!matchB[j] && b.charCodeAt(j) === c) {
        matchA[i] = 1;
        matchB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (!matches) return 0;
  let k = 0;
  let transpositions = 0;
  for (let i = 0; i < la; i++) {
    if (!matchA[i]) continue;
    while (!matchB[k]) k++;
    if (a.charCodeAt(i) !== b.charCodeAt(k)) transpositions++;
    k++;
  }
  const m = matches;
  return (m / la + m / lb + (m - transpositions / 2) / m) / 3;
}

/** Jaro-Winkler similarity (Winkler 1990): Jaro boosted by a common prefix of up to 4 characters. */
export function jaroWinkler(a: string, b: string, prefixScale = 0.1): number {
  const j = jaro(a, b);
  if (j <= 0.7) return j;
  let p = 0;
  const max = Math.min(4, a.length, b.length);
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  return j + p * prefixScale * (1 - j);
}

let row = new Uint32Array(64);

/** Levenshtein edit distance; stops early and returns `max + 1` once the distance exceeds `max`. */
export function levenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  let la = a.length;
  let lb = b.length;
  if (Math.abs(la - lb) > max) return max + 1;
  if (!la) return lb;
  if (!lb) return la;
  if (la > lb) {
    [a, b] = [b, a];
    [la, lb] = [lb, la];
  }
  if (row.length < la + 1) row = new Uint32Array((la + 1) * 2);
  for (let i = 0; i <= la; i++) row[i] = i;
  for (let j = 1; j <= lb; j++) {
    let prev = j - 1; // row[0] before this pass
    let left = j; // row[i - 1] of this pass
    row[0] = j;
    let rowMin = j;
    const cb = b.charCodeAt(j - 1);
    for (let i = 1; i <= la; i++) {
      const up = row[i] as number;
      const cost = a.charCodeAt(i - 1) === cb ? 0 : 1;
      left = Math.min(up + 1, left + 1, prev + cost);
      row[i] = left;
      prev = up;
      if (left < rowMin) rowMin = left;
    }
    if (rowMin > max) return max + 1;
  }
  return row[la] as number;
}

/** 1 − distance / longer length. */
export function levenshteinSimilarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  if (!longer) return 0;
  return 1 - levenshtein(a, b) / longer;
}

/** Jaccard similarity of two token (or q-gram) sets. */
export function jaccard(a: readonly string[], b: readonly string[]): number {
  if (!a.length || !b.length) return 0;
  const sa = new Set(a);
  const sb = new Set(b);
  let inter = 0;
  for (const t of sa) if (sb.has(t)) inter++;
  return inter / (sa.size + sb.size - inter);
}
