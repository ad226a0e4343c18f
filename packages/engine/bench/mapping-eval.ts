/**
 * End-to-end mapping evaluation: for every task in bench/mapping-tasks/*.json, profile the
 * source records, `suggestMapping` onto the target schema, compile the suggested spec AS IS (no
 * edits) and map every record; then count the expected leaf values the output reproduces exactly.
 * Prints the share per task and overall, beside the figures of the engine before the mapping
 * intelligence work (bench/mapping-tasks/baseline.json).
 *
 *   npx tsx packages/engine/bench/mapping-eval.ts              # from the repo root
 *   npx tsx packages/engine/bench/mapping-eval.ts --misses     # also list the fields that miss
 *   npx tsx packages/engine/bench/mapping-eval.ts --write-baseline   # (re)record the baseline
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { compileSpec } from '../src/mapper/compile.ts';
import { suggestMapping } from '../src/match/suggest.ts';
import { profileRecords } from '../src/profile/profiler.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';

const dir = join(dirname(fileURLToPath(import.meta.url)), 'mapping-tasks');
const args = new Set(process.argv.slice(2));

export interface MappingTask {
  name: string;
  description: string;
  kinds: string[];
  source: unknown[];
  target: JsonSchema;
  expected: unknown[];
}

export interface TaskResult {
  name: string;
  leaves: number;
  reproduced: number;
  share: number;
  /** target path (array indices as [*]) → [missed, total] */
  misses: Map<string, [number, number]>;
  spec: ReturnType<typeof suggestMapping>['spec'];
}

export function loadTasks(): MappingTask[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'baseline.json')
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as MappingTask);
}

/** Every leaf of an expected record: [path with indices, generic path with [*], value]. */
function leaves(v: unknown, path: string, generic: string, out: [string, string, unknown][]) {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) leaves(v[i], `${path}[${i}]`, `${generic}[*]`, out);
  } else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      const p = path ? `${path}.${k}` : k;
      leaves(x, p, generic ? `${generic}.${k}` : k, out);
    }
  else out.push([path, generic, v]);
  return out;
}

function at(v: unknown, path: string): unknown {
  let cur = v;
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = m[2] !== undefined ? (cur as unknown[])[Number(m[2])] : (cur as Record<string, unknown>)[m[1]!];
  }
  return cur;
}

export async function evaluateTask(task: MappingTask): Promise<TaskResult> {
  const profile = profileRecords(task.source);
  const { spec } = suggestMapping({ profile, targetSchema: task.target });
  const mapper = compileSpec(spec);
  const outputs = mapper.isAsync ? await mapper.mapManyAsync(task.source) : mapper.mapMany(task.source);
  let total = 0;
  let hit = 0;
  const misses = new Map<string, [number, number]>();
  task.expected.forEach((exp, i) => {
    for (const [path, generic, value] of leaves(exp, '', '', [])) {
      total++;
      const ok = isDeepStrictEqual(at(outputs[i], path), value);
      if (ok) hit++;
      const m = misses.get(generic) ?? [0, 0];
      m[1]++;
      if (!ok) m[0]++;
      misses.set(generic, m);
    }
  });
  return { name: task.name, leaves: total, reproduced: hit, share: total ? hit / total : 1, misses, spec };
}

interface Baseline {
  commit: string;
  measuredAt: string;
  overall: number;
  meanOfTasks: number;
  tasks: Record<string, number>;
}

const pct = (x: number | undefined) => (x === undefined ? '   —  ' : `${(x * 100).toFixed(1).padStart(5)}%`);

async function main() {
  const tasks = loadTasks();
  const results: TaskResult[] = [];
  for (const t of tasks) results.push(await evaluateTask(t));
  const leavesAll = results.reduce((a, r) => a + r.leaves, 0);
  const hitAll = results.reduce((a, r) => a + r.reproduced, 0);
  const overall = hitAll / leavesAll;
  const mean = results.reduce((a, r) => a + r.share, 0) / results.length;
  const baselineFile = join(dir, 'baseline.json');
  if (args.has('--write-baseline')) {
    const commit = execSync('git rev-parse HEAD', { cwd: dir }).toString().trim();
    const b: Baseline = {
      commit,
      measuredAt: new Date().toISOString().slice(0, 10),
      overall: Math.round(overall * 10000) / 10000,
      meanOfTasks: Math.round(mean * 10000) / 10000,
      tasks: Object.fromEntries(results.map((r) => [r.name, Math.round(r.share * 10000) / 10000])),
    };
    writeFileSync(baselineFile, `${JSON.stringify(b, null, 2)}\n`);
    console.log(`baseline written (commit ${commit.slice(0, 10)})`);
  }
  let base: Baseline | undefined;
  try {
    base = JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
  } catch {
    base = undefined;
  }
  console.log(
    `\nMapping evaluation: share of expected leaf values reproduced by the suggested spec, run with no edits` +
      (base ? `\n(baseline: commit ${base.commit.slice(0, 10)}, ${base.measuredAt})` : ''),
  );
  console.log(`${'task'.padEnd(28)} ${'leaves'.padStart(6)}  baseline   current`);
  for (const r of results) {
    console.log(
      `${r.name.padEnd(28)} ${String(r.leaves).padStart(6)}   ${pct(base?.tasks[r.name])}   ${pct(r.share)}`,
    );
    if (args.has('--misses'))
      for (const [path, [missed, n]] of r.misses)
        if (missed) {
          const f = r.spec.fields.find(
            (x) => x.target === path || x.target === path.replace(/\[\*\]/g, '[*]'),
          );
          console.log(
            `    ${path}: ${missed}/${n} missed  ← ${f ? `${f.sources.join(' + ') || '∅'} ${JSON.stringify(f.transform).slice(0, 140)}` : '?'}`,
          );
        }
  }
  console.log(
    `${'overall (all leaves)'.padEnd(28)} ${String(leavesAll).padStart(6)}   ${pct(base?.overall)}   ${pct(overall)}`,
  );
  console.log(`${'mean of tasks'.padEnd(28)} ${''.padStart(6)}   ${pct(base?.meanOfTasks)}   ${pct(mean)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
