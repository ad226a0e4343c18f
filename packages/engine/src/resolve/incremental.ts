/**
 * Incremental scoring: records added since a run are matched against the existing clusters
 * without re-estimating anything. The new records are blocked against all records with the
 * run's rules, only pairs with at least one new record are scored (with the run's model and
 * threshold), and a new record joins the cluster it matches or starts its own. Existing clusters
 * are kept as they are (their records are linked first), and "not the same" decisions still hold.
 */
import { type BlockingRule, generateCandidates } from './blocking.ts';
import { connectedComponents } from './cluster.ts';
import { comparisonOf } from './levels.ts';
import { computeLevels, type FsModel } from './model.ts';
import { prepareTable, type ResolveInput } from './resolve.ts';
import type { ColumnStats } from './roles.ts';
import { scorePairs } from './score.ts';

export interface PreviousRun {
  /** records the run saw: the first `records` of the input, in the same order */
  records: number;
  /** cluster id per old record (any record index of its cluster) */
  clusters: ArrayLike<number>;
  model: FsModel;
  threshold: number;
  rules: BlockingRule[];
  roles?: Record<string, ColumnStats['role']>;
}

export interface IncrementalResult {
  /** cluster id per record, old and new (smallest record index of the cluster) */
  clusters: Int32Array;
  /** pairs scored: each has at least one new record */
  scored: number;
  /** new records that joined an existing cluster */
  attached: number;
}

export function resolveIncremental(
  input: ResolveInput,
  previous: PreviousRun,
  options: { cannotLink?: [number, number][]; maxCandidates?: number } = {},
): IncrementalResult {
  // a linkage's one-to-one assignment would have to be redone as a whole: dedupes only
  if (input.right) throw new Error('Adding records is for a dedupe; run a linkage again in full');
  const { table } = prepareTable(input, previous.roles);
  const all = generateCandidates(table, previous.rules, options.maxCandidates).pairs;
  const old = previous.records;
  // only pairs touching a new record: the old ones were decided by the run
  const keep: number[] = [];
  for (let p = 0; p < all.length; p++)
    if ((all.a[p] as number) >= old || (all.b[p] as number) >= old) keep.push(p);
  const a = Int32Array.from(keep, (p) => all.a[p] as number);
  const b = Int32Array.from(keep, (p) => all.b[p] as number);
  const cols = [...table.columns.values()];
  const comparisons = cols.map((c) => comparisonOf(c));
  if (comparisons.length !== previous.model.m.length)
    throw new Error('The records no longer have the columns the run compared: run it again in full');
  const levels = computeLevels(comparisons, a, b, keep.length);
  const { weight } = scorePairs(levels, a, keep.length, comparisons, cols, previous.model);
  const order = Array.from({ length: keep.length }, (_, i) => i)
    .filter((i) => (weight[i] as number) >= previous.threshold)
    .sort((x, y) => (weight[y] as number) - (weight[x] as number));
  // the existing clusters, as links from each old record to its cluster's id
  const kept: [number, number][] = [];
  for (let i = 0; i < old; i++)
    if (previous.clusters[i] !== i) kept.push([i, previous.clusters[i] as number]);
  const clusters = connectedComponents(table.size, a, b, order, options.cannotLink, kept);
  let attached = 0;
  for (let i = old; i < table.size; i++) if ((clusters[i] as number) < old) attached++;
  return { clusters, scored: keep.length, attached };
}
