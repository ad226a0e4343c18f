/**
 * Diagnostic for the GDC schema-matching tasks: for every ground-truth pair, whether it is among the
 * top |GT| ranked pairs, its rank and score, and the source's best three targets; then the false
 * pairs that took a top-|GT| slot. Not part of `npm run bench`:
 * `npx tsx bench/schema-matching-misses.ts` (STUDIES=cao,dou to pick studies).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv } from '../src/cli/load.ts';
import { matchFiles } from '../src/cli/match.ts';

const base = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../shared/bench-data/schema-matching/gdc',
);
const key = (s: string, t: string) => `${s}\u0000${t}`;

for (const d of (process.env.STUDIES ?? 'cao,clark,dou,gilette,huang').split(',')) {
  const truthRows = readCsv(`${base}/studies/${d}/groundtruth.csv`).rows.map(([s = '', t = '']) => [
    s.trim(),
    t.trim(),
  ]);
  const truth = new Set(truthRows.map(([s, t]) => key(s!, t!)));
  const result = matchFiles(`${base}/studies/${d}/source.csv`, `${base}/gdc_target.csv`, {
    maxCandidates: 25,
    minScore: 0.001,
  });
  const pairs = result.fields.flatMap((f) =>
    f.candidates.map((c) => ({ s: c.sources[0] ?? '', t: f.target, score: c.score })),
  );
  pairs.sort((a, b) => b.score - a.score || a.s.localeCompare(b.s) || a.t.localeCompare(b.t));
  console.log(`== ${d} |GT|=${truth.size} cutoff=${pairs[truth.size - 1]?.score.toFixed(3)}`);
  for (const [s, t] of truthRows) {
    const i = pairs.findIndex((p) => p.s === s && p.t === t);
    const top = pairs
      .filter((p) => p.s === s)
      .slice(0, 3)
      .map((p) => `${p.t}:${p.score.toFixed(3)}`)
      .join(' ');
    const score = i >= 0 ? pairs[i]!.score.toFixed(3) : '-';
    console.log(
      `${i >= 0 && i < truth.size ? 'OK  ' : 'MISS'} ${s} -> ${t} rank=${i} score=${score} | top: ${top}`,
    );
  }
  const wrong = pairs.slice(0, truth.size).filter((p) => !truth.has(key(p.s, p.t)));
  console.log('  false in top:', wrong.map((p) => `${p.s}->${p.t}:${p.score.toFixed(3)}`).join(', '));
}
