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

// ── the same comparators over char codes (kernel.ts: values encoded once, no strings per pair) ──

/** char code → bit mask of its positions in the second string (bit-parallel Jaro) */
const positions = new Int32Array(65536);
const matchedA = new Uint16Array(32);
let slowA = new Uint8Array(64);
let slowB = new Uint8Array(64);

/**
 * Jaro-Winkler of c[ao, ao+la) and c[bo, bo+lb), the same number as similarity/compare.ts's
 * jaroWinkler on the strings (the same greedy first-match rule and the same arithmetic). When
 * the second string fits a 31-bit word, the match search is bit-parallel (as in RapidFuzz's
 * Jaro, after Hyyrö's bit-vector string matching): one AND per character of the first string
 * instead of a scan of its whole window, the window a mask that slides one bit per character.
 *
 * With `floor` (at most 0.7, where the Winkler prefix bonus starts) a pair that cannot reach it
 * even with no transposition returns early with some number below `floor`: enough for
 * comparison levels, whose lowest threshold is 0.7.
 */
export function jaroWinklerCodes(
  c: Uint8Array | Uint16Array,
  ao: number,
  la: number,
  bo: number,
  lb: number,
  floor = 0,
): number {
  if (!la || !lb) return 0;
  const window = Math.max(0, (Math.max(la, lb) >> 1) - 1);
  let m = 0;
  let t = 0;
  if (lb <= 31) {
    for (let j = 0; j < lb; j++) {
      const ch = c[bo + j] as number;
      positions[ch] = (positions[ch] as number) | (1 << j);
    }
    let flagsB = 0;
    // positions [i - window, i + window] of the second string, for i = 0 first
    let bound = window >= 30 ? -1 : (2 << window) - 1;
    for (let i = 0; i < la; i++) {
      const ch = c[ao + i] as number;
      const cand = (positions[ch] as number) & bound & ~flagsB;
      if (cand) {
        flagsB |= cand & -cand;
        matchedA[m++] = ch;
      }
      bound = i < window ? (bound << 1) | 1 : bound << 1;
    }
    for (let j = 0; j < lb; j++) positions[c[bo + j] as number] = 0;
    if (!m) return 0;
    // even with no transposition (m/la + m/lb + 1) / 3 < floor: multiplied out, no division
    if (floor > 0 && m * (la + lb) < (3 * floor - 1) * la * lb) return 0;
    let k = 0;
    while (flagsB) {
      const bit = flagsB & -flagsB;
      if (matchedA[k++] !== c[bo + 31 - Math.clz32(bit)]) t++;
      flagsB ^= bit;
    }
  } else {
    if (slowA.length < la) slowA = new Uint8Array(la * 2);
    if (slowB.length < lb) slowB = new Uint8Array(lb * 2);
    slowA.fill(0, 0, la);
    slowB.fill(0, 0, lb);
    for (let i = 0; i < la; i++) {
      const lo = Math.max(0, i - window);
      const hi = Math.min(lb - 1, i + window);
      const ch = c[ao + i];
      for (let j = lo; j <= hi; j++)
        if (!slowB[j] && c[bo + j] === ch) {
          slowA[i] = 1;
          slowB[j] = 1;
          m++;
          break;
        }
    }
    if (!m) return 0;
    let k = 0;
    for (let i = 0; i < la; i++) {
      if (!slowA[i]) continue;
      while (!slowB[k]) k++;
      if (c[ao + i] !== c[bo + k]) t++;
      k++;
    }
  }
  const j = (m / la + m / lb + (m - t / 2) / m) / 3;
  if (j <= 0.7) return j;
  let p = 0;
  const max = Math.min(4, la, lb);
  while (p < max && c[ao + p] === c[bo + p]) p++;
  return j + p * 0.1 * (1 - j);
}

/** editDistanceUpTo2 over c[ao, ao+la) and c[bo, bo+lb): the distance when ≤ 2, otherwise 3. */
export function editDistanceCodes(
  c: Uint8Array | Uint16Array,
  ao: number,
  la: number,
  bo: number,
  lb: number,
): number {
  if (Math.abs(la - lb) > 2) return 3;
  if (la > lb) {
    [ao, bo] = [bo, ao];
    [la, lb] = [lb, la];
  }
  if (la === lb) {
    let diff = 0;
    for (let i = 0; i < la && diff <= 2; i++) if (c[ao + i] !== c[bo + i]) diff++;
    if (diff <= 1) return diff;
  }
  let prev = bandA;
  let cur = bandB;
  prev.set(START);
  for (let i = 1; i <= la; i++) {
    cur.fill(9);
    let best = 9;
    const ch = c[ao + i - 1];
    for (let d = -2; d <= 2; d++) {
      const j = i + d;
      if (j < 0 || j > lb) continue;
      let v: number;
      if (j === 0) v = i;
      else {
        v = (prev[d + 2] as number) + (ch === c[bo + j - 1] ? 0 : 1);
        if (d + 3 <= 4) v = Math.min(v, (prev[d + 3] as number) + 1);
        if (d + 1 >= 0) v = Math.min(v, (cur[d + 1] as number) + 1);
      }
      cur[d + 2] = v;
      if (v < best) best = v;
    }
    if (best > 2) return 3;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[lb - la + 2] as number, 3);
}
