/**
 * Entity resolution end to end, pure and in memory: roles → prepared columns → blocking →
 * u by sampling, m by EM → weights → automatic threshold → clusters. The server calls the same
 * steps (proposal first, then the run with the user's choices).
 */
import {
  type BlockingRule,
  type Candidates,
  countRulePairs,
  generateCandidates,
  ruleLabel,
  type Table,
} from './blocking.ts';
import { connectedComponents, cutChains, oneToOneDecided } from './cluster.ts';
import {
  levelsShard,
  type ScoringPlan,
  scoringPlan,
  type WeightTable,
  weightsShard,
  weightTable,
} from './kernel.ts';
import {
  candidateIndex,
  clampDecided,
  type Label,
  labelledPatterns,
  trainModelWithLabels,
} from './labels.ts';
import { type Comparison, comparisonOf } from './levels.ts';
import { lshProbability, lshShape } from './minhash.ts';
import { estimateU, type FsModel, patternsOf, trainModel } from './model.ts';
import { type PreparedColumn, prepareColumn } from './prepare.ts';
import { type ColumnStats, inferRole } from './roles.ts';
import { orderByWeight, type ScoredPairs } from './score.ts';
import { automaticThreshold, type ThresholdPoint, thresholdCurve } from './threshold.ts';

/** Column-major records: column name → one value per record. */
export type Columns = Record<string, readonly (string | null | undefined)[]>;

export interface ResolveInput {
  left: Columns;
  /** present for a linkage; a dedupe otherwise */
  right?: Columns;
  /** the record key: never compared */
  idColumn?: string;
}

export interface ProposedRule {
  rule: BlockingRule;
  label: string;
  /** pairs the rule alone produces */
  pairs: number;
}

export interface Proposal {
  columns: ColumnStats[];
  rules: ProposedRule[];
  /** rules considered but too costly */
  rejected: ProposedRule[];
  warnings: string[];
}

const sizeOf = (c: Columns) => Object.values(c)[0]?.length ?? 0;

/** A table of prepared columns over all records (left then right). */
export function prepareTable(input: ResolveInput, roles?: Record<string, ColumnStats['role']>) {
  const names = Object.keys(input.left).filter(
    (c) => c !== input.idColumn && (!input.right || Object.hasOwn(input.right, c)),
  );
  const nl = sizeOf(input.left);
  const all = (c: string) =>
    input.right ? [...(input.left[c] ?? []), ...(input.right[c] ?? [])] : (input.left[c] ?? []);
  const stats = names.map((c) => {
    const s = inferRole(c, all(c));
    return roles?.[c] ? { ...s, role: roles[c] } : s;
  });
  const columns = new Map<string, PreparedColumn>();
  for (const s of stats)
    if (s.role !== 'ignore') columns.set(s.column, prepareColumn(s.column, s.role, all(s.column)));
  const table: Table = {
    columns,
    size: nl + (input.right ? sizeOf(input.right) : 0),
    ...(input.right ? { left: nl } : {}),
  };
  return { table, stats };
}

/** Budget of candidate pairs: enough for fuzzy recall, linear in the records. */
export const candidateBudget = (records: number) => Math.max(200_000, 30 * records);

/**
 * Blocking rules from the columns: every non-text column whose exact values make few enough
 * pairs on its own (a unique-ish column is a cheap and precise key), pairs of the costly ones
 * (two categories together may be selective), and one nearest-neighbour rule over free text.
 */
export function proposeRules(
  table: Table,
  stats: ColumnStats[],
  budget = candidateBudget(table.size),
): Proposal {
  const warnings: string[] = [];
  const usable = stats.filter((s) => s.role !== 'ignore');
  for (const s of stats)
    if (s.role === 'ignore')
      warnings.push(`Column "${s.column}" is not compared: ${s.reason ?? 'no usable values'}.`);
  if (usable.length < 2) warnings.push('At least two comparable columns are needed to tell records apart.');
  const perRule = budget / 3;
  const keyed = usable
    .filter((s) => s.role !== 'text' && s.nullRate < 0.5)
    .map((s) => {
      const rule: BlockingRule = { kind: 'exact', columns: [s.column] };
      return { rule, label: ruleLabel(rule), pairs: countRulePairs(table, [s.column]) };
    })
    .sort((x, y) => x.pairs - y.pairs);
  const rules: ProposedRule[] = [];
  const rejected: ProposedRule[] = [];
  let total = 0;
  for (const r of keyed) {
    if (r.pairs <= perRule && total + r.pairs <= budget) {
      rules.push(r);
      total += r.pairs;
    } else rejected.push(r);
  }
  const costly = rejected.slice(0, 4);
  for (let i = 0; i < costly.length; i++)
    for (let j = i + 1; j < costly.length; j++) {
      const columns = [
        ...(costly[i] as ProposedRule).rule.columns,
        ...(costly[j] as ProposedRule).rule.columns,
      ];
      const rule: BlockingRule = { kind: 'exact', columns };
      const pairs = countRulePairs(table, columns);
      if (pairs <= perRule && total + pairs <= budget) {
        rules.push({ rule, label: ruleLabel(rule), pairs });
        total += pairs;
      }
    }
  const text = usable.filter((s) => s.role === 'text').map((s) => s.column);
  if (text.length) {
    const rule: BlockingRule = {
      kind: 'tokens',
      columns: text,
      neighbours: table.left === undefined ? 3 : 1,
    };
    const per = table.left === undefined ? 3 : 1;
    rules.push({ rule, label: ruleLabel(rule), pairs: table.size * per });
  }
  if (!rules.length)
    warnings.push('No column is selective enough to block on: every rule would compare too many pairs.');
  return { columns: stats, rules, rejected, warnings };
}

export interface ResolveOptions {
  rules?: BlockingRule[];
  /** column → role, overriding the inferred one */
  roles?: Record<string, ColumnStats['role']>;
  /** match weight threshold; automatic when absent */
  threshold?: number;
  /** abort instead of exhausting memory when blocking yields more pairs */
  maxCandidates?: number;
  /** pairs of record indices decided "not the same" */
  cannotLink?: [number, number][];
  /** pairs of record indices decided "the same" */
  mustLink?: [number, number][];
  /** people's decisions, fed into EM (labels.ts); mustLink / cannotLink still shape the clusters */
  labels?: Label[];
}

export interface ResolveResult {
  table: Table;
  stats: ColumnStats[];
  /** per applied rule (candidates.ordered): estimated share of true matches it finds, from m */
  ruleRecall: number[];
  /** estimated share of true matches any rule finds (rules taken as independent) */
  blockingRecall: number;
  rules: BlockingRule[];
  comparisons: Comparison[];
  candidates: Candidates;
  model: FsModel;
  scored: ScoredPairs;
  levels: Uint8Array;
  curve: ThresholdPoint[];
  threshold: number;
  /** pairs (indices into the candidates) accepted as matches */
  matches: number[];
  /**
   * a linkage's one-to-one assignment at any threshold (decided pairs first, then strongest
   * first): a candidate not in it can only be linked by a decision (cluster.ts passedOver)
   */
  assigned?: number[];
  /** cluster id per record (smallest record index of the cluster) */
  clusters: Int32Array;
  timings: Record<string, number>;
}

/**
 * Who computes levels and weights: this thread (`localScorer`) or worker threads the caller
 * owns (kernel.ts's `shardedScorer`: levelsShard / weightsShard over shards of the pairs).
 */
export interface Scorer {
  levels(plan: ScoringPlan, a: Int32Array, b: Int32Array, length: number): Uint8Array | Promise<Uint8Array>;
  weights(
    plan: ScoringPlan,
    table: WeightTable,
    a: Int32Array,
    levels: Uint8Array,
    length: number,
  ): ScoredPairs | Promise<ScoredPairs>;
}

export const localScorer: Scorer = {
  levels(plan, a, b, length) {
    const out = new Uint8Array(length * plan.columns.length);
    levelsShard(plan, a, b, 0, length, out);
    return out;
  },
  weights(plan, table, a, levels, length) {
    const weight = new Float64Array(length);
    const probability = new Float64Array(length);
    weightsShard(plan.counts, table, a, levels, 0, length, weight, probability);
    return { weight, probability };
  },
};

/** Entity resolution on this thread. */
export function resolve(input: ResolveInput, options: ResolveOptions = {}): ResolveResult {
  const steps = resolveSteps(input, options, localScorer);
  let step = steps.next();
  while (!step.done) step = steps.next(step.value);
  return step.value;
}

/** Entity resolution with levels and weights computed by `scorer` (e.g. on worker threads). */
export async function resolveWith(
  input: ResolveInput,
  options: ResolveOptions,
  scorer: Scorer,
): Promise<ResolveResult> {
  const steps = resolveSteps(input, options, scorer);
  let step = steps.next();
  while (!step.done) step = steps.next(await step.value);
  return step.value;
}

/** The steps of a run; each `yield` hands the scorer's answer (or its promise) to the driver. */
function* resolveSteps(
  input: ResolveInput,
  options: ResolveOptions,
  scorer: Scorer,
): Generator<unknown, ResolveResult, unknown> {
  const t0 = performance.now();
  const timings: Record<string, number> = {};
  const lap = (name: string, since: number) => {
    timings[name] = (performance.now() - since) / 1000;
    return performance.now();
  };
  const { table, stats } = prepareTable(input, options.roles);
  let t = lap('prepare', t0);
  const rules = options.rules ?? proposeRules(table, stats).rules.map((r) => r.rule);
  const candidates = generateCandidates(table, rules, options.maxCandidates);
  t = lap('blocking', t);
  const cols = [...table.columns.values()];
  const plan = scoringPlan(cols);
  const comparisons = cols.map((col, k) => comparisonOf(col, plan.columns[k]));
  const { a, b, length } = candidates.pairs;
  t = lap('encode', t);
  const levels = (yield scorer.levels(plan, a, b, length)) as Uint8Array;
  t = lap('compare', t);
  const u = estimateU(table, comparisons, cols);
  // EM on at most 2M pairs (patterns repeat: more pairs change little)
  const step = Math.max(1, Math.floor(length / 2_000_000));
  const pick = Int32Array.from({ length: Math.ceil(length / step) }, (_, i) => i * step);
  const sampledLevels = new Uint8Array(pick.length * cols.length);
  const sampledRules = new Uint8Array(pick.length);
  pick.forEach((p, i) => {
    sampledLevels.set(levels.subarray(p * cols.length, (p + 1) * cols.length), i * cols.length);
    sampledRules[i] = candidates.rules[p] as number;
  });
  const patterns = patternsOf(sampledLevels, sampledRules, comparisons, pick.length);
  const ruleColumns = candidates.ordered.map((r) => r.columns);
  const labels = options.labels ?? [];
  const labelled = labelledPatterns(labels, comparisons, candidates);
  const model = labelled.length
    ? trainModelWithLabels(patterns, comparisons, u, ruleColumns, labelled)
    : trainModel(patterns, comparisons, u, ruleColumns);
  t = lap('train', t);
  const weights = weightTable(model, cols);
  const scored = (yield scorer.weights(plan, weights, a, levels, length)) as ScoredPairs;
  t = lap('score', t);
  if (labels.length) clampDecided(scored, labels, candidateIndex(labels, candidates));
  const order = orderByWeight(scored.weight);
  const linkage = table.left !== undefined;
  // a linkage is thresholded after the one-to-one assignment: a record's second-best pair is no match
  const eligible: ArrayLike<number> = linkage
    ? oneToOneDecided(a, b, order, options.mustLink, options.cannotLink)
    : order;
  const curve = thresholdCurve(scored.weight, scored.probability, eligible);
  const threshold = options.threshold ?? automaticThreshold(curve)?.weight ?? 0;
  const must = new Set((options.mustLink ?? []).map(([x, y]) => `${Math.min(x, y)},${Math.max(x, y)}`));
  let matches: number[] = [];
  for (let i = 0; i < eligible.length; i++) {
    const p = eligible[i] as number;
    if ((scored.weight[p] as number) >= threshold || (must.size && must.has(`${a[p]},${b[p]}`)))
      matches.push(p);
  }
  // a dedupe's components: no chain of two groups through one pair (a linkage is one-to-one)
  if (!linkage)
    matches = cutChains(table.size, a, b, length, scored.probability, matches, (p) =>
      must.has(`${a[p]},${b[p]}`),
    );
  const clusters = connectedComponents(table.size, a, b, matches, options.cannotLink, options.mustLink);
  lap('threshold+cluster', t);
  timings.total = (performance.now() - t0) / 1000;
  const ruleRecall = candidates.ordered.map((r) => estimatedRecall(r, comparisons, model));
  const blockingRecall = 1 - ruleRecall.reduce((miss, r) => miss * (1 - r), 1);
  return {
    table,
    ruleRecall,
    blockingRecall,
    stats,
    rules,
    comparisons,
    candidates,
    model,
    scored,
    levels,
    curve,
    threshold,
    matches,
    ...(linkage ? { assigned: eligible as number[] } : {}),
    clusters,
    timings,
  };
}

/**
 * The share of true matches a rule finds, from the model: an exact rule needs every column to
 * agree exactly (m of level 0, columns taken as independent); the nearest-neighbour rule finds
 * matches whose text agrees at least moderately (the first three levels); MinHash-LSH finds a
 * match at Jaccard level l with the S-curve's probability at the level's lower bound.
 */
export function estimatedRecall(rule: BlockingRule, comparisons: Comparison[], model: FsModel): number {
  const mOf = (column: string) => model.m[comparisons.findIndex((c) => c.column === column)];
  if (rule.kind === 'exact')
    return rule.columns.reduce((r, c) => r * ((mOf(c)?.[0] as number | undefined) ?? 0), 1);
  if (rule.kind === 'minhash') {
    const shape = lshShape(rule.threshold);
    // lower bounds of the Jaccard levels (levels.ts): exact, ≥ 0.9, ≥ 0.7, ≥ 0.5, ≥ 0.3, else
    const bounds = [1, 0.9, 0.7, 0.5, 0.3, 0];
    return Math.max(
      0,
      ...rule.columns.map((c) => {
        const m = mOf(c);
        if (!m || m.length !== bounds.length) return (m?.[0] as number | undefined) ?? 0;
        return bounds.reduce((r, s, l) => r + (m[l] as number) * lshProbability(shape, s), 0);
      }),
    );
  }
  return Math.max(
    0,
    ...rule.columns.map((c) => {
      const m = mOf(c);
      return m ? (m[0] as number) + (m[1] as number) + (m[2] as number) : 0;
    }),
  );
}
