/**
 * Data joins, measured against a named reference in the same run:
 *
 * 1. Exact join of N × N rows (default 1M × 1M): the engine's hash join (what `join.run` runs,
 *    pairs materialised) against DuckDB's own hash join of the same data in memory (its rows
 *    counted, `SELECT count(*)` over the join), both from rows already in memory.
 * 2. Fuzzy join of M × M generated company names (default 100k × 100k) with known true matches:
 *    rows/s, recall and precision of the engine's Jaro-Winkler join with q-gram blocking, beside
 *    the share of true pairs an exact join on the raw names would find.
 *
 *   npm run bench:joins
 *   BENCH_JOIN_ROWS=200000 BENCH_FUZZY_ROWS=20000 npm run bench:joins   # a quick run
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { joinRows } from '../packages/engine/src/join/index.ts';

const EXACT_ROWS = Number(process.env.BENCH_JOIN_ROWS ?? 1_000_000);
const FUZZY_ROWS = Number(process.env.BENCH_FUZZY_ROWS ?? 100_000);

/** Deterministic random numbers (mulberry32), so every run joins the same data. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const secs = (t0: number) => (performance.now() - t0) / 1000;
const fmt = (n: number) => Math.round(n).toLocaleString('en');

async function exact() {
  const n = EXACT_ROWS;
  // right keys: a permutation of left keys for 90% of rows, the rest keys the left lacks
  const rightKey = (i: number) => (i % 10 === 9 ? `x${i}` : `k${(i * 7919) % n}`);
  const left = Array.from({ length: n }, (_, i) => ({ id: `k${i}`, a: i }));
  const right = Array.from({ length: n }, (_, i) => ({ id: rightKey(i), b: i }));

  let t0 = performance.now();
  const ours = joinRows(left, right, {
    kind: 'inner',
    conditions: [{ left: 'id', right: 'id', method: 'exact' }],
    maxPairs: 4 * n,
  });
  const oursS = secs(t0);

  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  // the same keys, built natively (loading 2M JS rows into DuckDB would measure the loader)
  await c.run(`CREATE TABLE l AS SELECT 'k' || i AS id, i AS a FROM range(${n}) t(i)`);
  await c.run(
    `CREATE TABLE r AS SELECT CASE WHEN i % 10 = 9 THEN 'x' || i ELSE 'k' || ((i * 7919) % ${n}) END AS id, i AS b FROM range(${n}) t(i)`,
  );
  t0 = performance.now();
  const r = await c.runAndReadAll('SELECT count(*)::BIGINT FROM l JOIN r USING (id)');
  const duckS = secs(t0);
  const duckRows = Number(r.getRows()[0]?.[0]);
  c.closeSync();

  console.log(`\nExact join ${fmt(n)} × ${fmt(n)} (inner, string keys)`);
  console.log(
    `  engine (join.run)   ${oursS.toFixed(2)} s   ${fmt((2 * n) / oursS)} input rows/s   ${fmt(ours.rows.length)} pairs`,
  );
  console.log(
    `  DuckDB (reference)  ${duckS.toFixed(2)} s   ${fmt((2 * n) / duckS)} input rows/s   ${fmt(duckRows)} pairs`,
  );
  console.log(
    `  engine / DuckDB time: ${(oursS / duckS).toFixed(1)}x   same pairs: ${ours.rows.length === duckRows}`,
  );
}

// Company names from syllables (no real names), an industry word and a legal form.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ra',
  'tu',
  'vo',
  'xi',
  'be',
  'da',
  'fo',
  'gu',
  'ha',
  'ji',
  'pe',
  'qu',
  'si',
  'ze',
  'nor',
  'vex',
  'tal',
  'bri',
  'kor',
  'lin',
];
const INDUSTRY = [
  'Systems',
  'Logistics',
  'Foods',
  'Labs',
  'Energy',
  'Partners',
  'Holdings',
  'Media',
  'Health',
  'Motors',
  'Textiles',
  'Capital',
];
const FORMS = [
  'Inc',
  'Inc.',
  'Incorporated',
  'Ltd',
  'Limited',
  'GmbH',
  'LLC',
  'Corp.',
  'Corporation',
  'plc',
  'S.A.',
  'AG',
];

function companies(m: number) {
  const rand = rng(42);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const word = () => {
    const w = Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(SYLLABLES)).join('');
    return w[0]!.toUpperCase() + w.slice(1);
  };
  const seen = new Set<string>();
  const base: string[] = [];
  while (base.length < m) {
    const b = `${word()} ${word()} ${pick(INDUSTRY)}`;
    if (seen.has(b)) continue;
    base.push(b);
    seen.add(b);
  }
  // a typo: a letter dropped, doubled or two swapped (not the first: people rarely get it wrong)
  const typo = (s: string) => {
    const i = 1 + Math.floor(rand() * (s.length - 2));
    const k = rand();
    if (k < 0.33) return s.slice(0, i) + s.slice(i + 1);
    if (k < 0.66) return s.slice(0, i) + s[i] + s.slice(i);
    return s.slice(0, i) + s[i + 1] + s[i] + s.slice(i + 2);
  };
  const left = base.map((b) => ({ name: `${b} ${pick(FORMS)}` }));
  // the right side: 80% the same company written differently, 20% companies the left lacks
  const right: { name: string }[] = [];
  const truth = new Map<number, number>();
  const order = Array.from({ length: m }, (_, i) => i).sort(() => rand() - 0.5);
  for (const i of order) {
    if (rand() < 0.8) {
      let name = `${base[i]} ${pick(FORMS)}`;
      const k = rand();
      if (k < 0.3) name = name.toUpperCase();
      else if (k < 0.6) name = typo(name);
      else if (k < 0.7) name = name.replace(' ', ', ');
      truth.set(i, right.length);
      right.push({ name });
    } else {
      let extra = `${word()} ${word()} ${pick(INDUSTRY)}`;
      while (seen.has(extra)) extra = `${word()} ${word()} ${pick(INDUSTRY)}`;
      seen.add(extra);
      right.push({ name: `${extra} ${pick(FORMS)}` });
    }
  }
  return { left, right, truth };
}

function fuzzy() {
  const m = FUZZY_ROWS;
  const { left, right, truth } = companies(m);
  const t0 = performance.now();
  const res = joinRows(left, right, {
    kind: 'inner',
    matches: 'best',
    conditions: [{ left: 'name', right: 'name', method: 'jaro_winkler' }],
  });
  const s = secs(t0);
  let correct = 0;
  for (const p of res.rows) if (truth.get(p.left!) === p.right) correct++;
  const exactRes = joinRows(left, right, {
    kind: 'inner',
    conditions: [{ left: 'name', right: 'name', method: 'exact' }],
  });
  let exactCorrect = 0;
  for (const p of exactRes.rows) if (truth.get(p.left!) === p.right) exactCorrect++;
  console.log(
    `\nFuzzy join ${fmt(m)} × ${fmt(m)} generated company names (${fmt(truth.size)} true pairs; case, typos, legal forms)`,
  );
  console.log(
    `  Jaro-Winkler ≥ 0.85 on names, q-gram blocking: ${s.toFixed(2)} s, ${fmt(m / s)} left rows/s, ${fmt(res.stats.compared)} pairs compared (${((100 * res.stats.compared) / (m * m)).toFixed(4)}% of all pairs)`,
  );
  console.log(
    `  recall ${(correct / truth.size).toFixed(3)}   precision ${(correct / Math.max(1, res.rows.length)).toFixed(3)}   (${fmt(res.rows.length)} pairs)`,
  );
  console.log(`  reference, exact join on the raw names: recall ${(exactCorrect / truth.size).toFixed(3)}`);
}

await exact();
fuzzy();
