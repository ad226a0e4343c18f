/**
 * Comparator variants for the hot loop of entity resolution, where only "distance ≤ 1, ≤ 2 or
 * more" matters: a banded edit distance (Ukkonen 1985) touches 5 cells per row instead of all.
 */

const START = Int32Array.of(9, 9, 0, 1, 2);
const bandA = new Int32Array(5);
const bandB = new Int32Array(5);

/** Levenshtein distance of a and b when at most 2, otherwise 3. */
export function editDistanceUpTo2(a: string, b: string): number {
  if (a === b) return 0;
  let la = a.length;
  let lb = b.length;
  if (Math.abs(la - lb) > 2) return 3;
  if (la > lb) {
    [a, b] = [b, a];
    [la, lb] = [lb, la];
  }
  // same length: a Hamming distance ≤ 2 is an edit distance ≤ 2 (and usually the answer)
  if (la === lb) {
    let diff = 0;
    for (let i = 0; i < la && diff <= 2; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) diff++;
    if (diff <= 1) return diff;
  }
  const INF = 9;
  // band of diagonals -2..2 around the main one: prev[d + 2] = D[i-1][i-1+d]
  let prev = bandA;
  let cur = bandB;
  prev.set(START);
  for (let i = 1; i <= la; i++) {
    cur.fill(INF);
    let best = INF;
    for (let d = -2; d <= 2; d++) {
      const j = i + d;
      if (j < 0 || j > lb) continue;
      let v = INF;
      if (j === 0) v = i;
      else {
        const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        v = (prev[d + 2] as number) + cost; // D[i-1][j-1]
        if (d + 3 <= 4) v = Math.min(v, (prev[d + 3] as number) + 1); // D[i-1][j]
        if (d + 1 >= 0) v = Math.min(v, (cur[d + 1] as number) + 1); // D[i][j-1]
      }
      cur[d + 2] = v;
      if (v < best) best = v;
    }
    if (best > 2) return 3;
    [prev, cur] = [cur, prev];
  }
  const d = lb - la;
  return Math.min(prev[d + 2] as number, 3);
}
