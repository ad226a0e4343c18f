import {
  type BlockingRule,
  type Columns,
  graphRisk,
  levelWeights,
  NULL_LEVEL,
  passedOver,
  prepareTable,
  proposeRules,
  type ResolveResult,
  resolveWith,
  reviewOrder,
  ruleLabel,
  TooManyCandidates,
  tfAdjustment,
  tfBase,
} from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { resolutions } from '../../db/schema.ts';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import { createRecordWriter, deleteDataset } from '../datasets/datasets.service.ts';
import { writeGolden } from './golden.service.ts';
import { inputsOf, readInput, readLeft } from './inputs.ts';

import * as repo from './resolution.repository.ts';
import { resolutionScorer } from './resolution-pool.ts';

/**
 * Blocking that would compare more pairs than this stops with an error instead of running out
 * of memory (RESOLUTION_MAX_CANDIDATES, default 10M: ≈ 200 MB of pairs and levels).
 */
const maxCandidates = () => Number(process.env.RESOLUTION_MAX_CANDIDATES ?? 10_000_000);
/** pairs kept for review: the most uncertain ones, then the accepted ones */
const REVIEW_PAIRS = 2000;
/** a linkage's pairs passed over by the one-to-one assignment, kept apart from the queue */
const NOT_LINKED_PAIRS = 200;

type Rec = Record<string, unknown>;
const text = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

function columnsOf(records: Rec[], names: string[]): Columns {
  return Object.fromEntries(names.map((n) => [n, records.map((r) => text(r[n]))]));
}

/** Per-field levels and weights of one pair: what the review's waterfall shows. */
function fieldsOf(res: ResolveResult, p: number, values: (i: number, column: string) => string | null) {
  const w = levelWeights(res.model);
  const a = res.candidates.pairs.a[p] as number;
  const b = res.candidates.pairs.b[p] as number;
  return res.comparisons.map((cmp, k) => {
    const l = res.levels[p * res.comparisons.length + k] as number;
    let weight = l === NULL_LEVEL ? 0 : ((w[k] as Float64Array)[l] as number);
    const col = res.table.columns.get(cmp.column);
    if (l === 0 && col) weight += tfAdjustment(col, tfBase(res.model, k), col.ids[a] as number);
    return {
      column: cmp.column,
      a: values(a, cmp.column),
      b: values(b, cmp.column),
      level: l === NULL_LEVEL ? 'empty' : (cmp.levels[l] as string),
      weight: Math.round(weight * 100) / 100,
    };
  });
}

export const resolutionTask = defineTask({
  kind: 'resolution.run',
  payload: z.object({ resolutionId: z.uuid() }),
  maxAttempts: 2,
  async handler({ app, payload, progress }) {
    const [row] = await app.db.select().from(resolutions).where(eq(resolutions.id, payload.resolutionId));
    if (!row) return { skipped: true };
    const orgId = row.organizationId;
    const config = row.config as {
      idColumn?: string;
      rules?: BlockingRule[];
      roles?: Record<string, never>;
      threshold?: number;
    };
    await repo.updateResolution(app.db, orgId, row.id, { status: 'running', error: null });
    const fail = async (message: string) => {
      await repo.updateResolution(app.db, orgId, row.id, { status: 'failed', error: message });
      throw new PermanentTaskError(message);
    };
    const sources = inputsOf(row);
    if (!sources.left) return fail('The input to resolve was deleted');
    progress({ step: 'reading' });
    const left = sources.right
      ? await readInput(app, orgId, sources.left)
      : await readLeft(app, orgId, row, sources.left);
    const right = sources.right ? await readInput(app, orgId, sources.right) : undefined;
    const names = [...new Set(left.flatMap((r) => Object.keys(r)))];
    const keyOf = (r: Rec, i: number) =>
      config.idColumn ? (text(r[config.idColumn]) ?? `#${i + 1}`) : `#${i + 1}`;
    const all = right ? [...left, ...right] : left;
    const keys = all.map((r, i) => keyOf(r, right && i >= left.length ? i - left.length : i));
    const index = new Map<string, number>();
    keys.forEach((k, i) => {
      // linkage keys are per side: the right side's are looked up with a prefix
      index.set(right && i >= left.length ? `R${k}` : k, i);
    });
    const at = (k: string, side: 'a' | 'b') => index.get(right && side === 'b' ? `R${k}` : k);
    const labels = await repo.labelsOf(app.db, orgId, row.id);
    const constraint = (label: string) =>
      labels
        .filter((l) => l.label === label)
        .map((l) => [at(l.aKey, 'a'), at(l.bKey, 'b')] as const)
        .filter((x): x is readonly [number, number] => x[0] !== undefined && x[1] !== undefined)
        .map(([x, y]) => [x, y] as [number, number]);
    const input = {
      left: columnsOf(left, names),
      ...(right ? { right: columnsOf(right, names) } : {}),
      ...(config.idColumn ? { idColumn: config.idColumn } : {}),
    };
    progress({ step: 'matching', records: all.length });
    let res: ResolveResult;
    const started = performance.now();
    try {
      // levels and weights on one worker thread per core (resolution-pool.ts)
      res = await resolveWith(
        input,
        {
          ...(config.rules ? { rules: config.rules } : {}),
          ...(config.roles ? { roles: config.roles } : {}),
          ...(config.threshold !== undefined ? { threshold: config.threshold } : {}),
          maxCandidates: maxCandidates(),
          cannotLink: constraint('no'),
          mustLink: constraint('yes'),
          // decisions also re-estimate the model (engine labels.ts)
          labels: [
            ...constraint('yes').map(([x, y]) => ({ a: x, b: y, match: true })),
            ...constraint('no').map(([x, y]) => ({ a: x, b: y, match: false })),
          ],
        },
        resolutionScorer(),
      );
    } catch (e) {
      if (e instanceof TooManyCandidates)
        return fail(
          `Blocking rule "${e.rule}" compares more than ${e.limit.toLocaleString('en')} pairs: choose a more selective rule`,
        );
      throw e;
    }
    const seconds = (performance.now() - started) / 1000;
    progress({ step: 'saving' });
    const value = (i: number, column: string) => text((all[i] as Rec)[column]);
    const { a, b, length } = res.candidates.pairs;
    // the review queue: the most uncertain pairs, then the accepted ones
    const uncertain = Array.from({ length }, (_, p) => p)
      .filter((p) => {
        const pr = res.scored.probability[p] as number;
        return pr > 0.001 && pr < 0.999;
      })
      .sort(
        (x, y) =>
          Math.abs((res.scored.probability[x] as number) - 0.5) -
          Math.abs((res.scored.probability[y] as number) - 0.5),
      );
    // a linkage's pairs whose record the assignment gave to another partner are no open
    // question (no threshold links them): kept apart, where a "the same" can still override
    const over = res.assigned
      ? passedOver(a, b, res.assigned, res.scored.weight, uncertain)
      : new Map<number, number>();
    const ranked = uncertain.filter((p) => !over.has(p)).slice(0, REVIEW_PAIRS);
    const apart = uncertain.filter((p) => over.has(p)).slice(0, NOT_LINKED_PAIRS);
    const kept = new Set(ranked);
    for (const p of res.matches) if (kept.size < REVIEW_PAIRS * 2) kept.add(p);
    const sideKey = (i: number) => keys[i] as string;
    // the queue's order: uncertainty, then graph risk (a bridge, a merge of two groups) first
    const queue = [...kept];
    const risks = graphRisk(
      res.clusters,
      res.matches.map((p) => [a[p] as number, b[p] as number]),
      queue.map((p) => [a[p] as number, b[p] as number]),
    );
    const rankOf = new Int32Array(queue.length);
    reviewOrder(
      queue.map((p) => res.scored.probability[p] as number),
      risks.map((r) => r.risk),
    ).forEach((i, rank) => {
      rankOf[i] = rank;
    });
    const pairRow = (p: number, rank: number, risk = 0, riskReason: string | null = null) => ({
      aKey: sideKey(a[p] as number),
      bKey: sideKey(b[p] as number),
      weight: res.scored.weight[p] as number,
      probability: res.scored.probability[p] as number,
      certainty: Math.abs((res.scored.probability[p] as number) - 0.5),
      fields: fieldsOf(res, p, value),
      rank,
      risk,
      riskReason,
    });
    await repo.replacePairs(app.db, orgId, row.id, [
      ...queue.map((p, i) => pairRow(p, rankOf[i] as number, risks[i]?.risk ?? 0, risks[i]?.reason ?? null)),
      ...apart.map((p, i) => pairRow(p, repo.APART_RANK + i)),
    ]);
    // who each pair kept apart lost its record to (the review shows it beside the pair)
    const notLinked = apart.map((p) => {
      const by = over.get(p) as number;
      const shared = a[by] === a[p] ? (a[p] as number) : (b[p] as number);
      return {
        a_key: sideKey(a[p] as number),
        b_key: sideKey(b[p] as number),
        record: sideKey(shared),
        partner: sideKey((a[by] === shared ? b[by] : a[by]) as number),
        probability: res.scored.probability[by] as number,
      };
    });
    // output: every record with its cluster (the key of the cluster's first record)
    const writer = await createRecordWriter(app, { orgId, kind: 'resolution' });
    try {
      for (let i = 0; i < all.length; i++)
        await writer.append(i + 1, {
          cluster_id: keys[res.clusters[i] as number],
          ...(right ? { source: i < left.length ? 'left' : 'right' } : {}),
          ...(all[i] as Rec),
        });
    } catch (e) {
      await writer.abort();
      throw e;
    }
    const ds = await writer.finish();
    if (row.outputDatasetId) await deleteDataset(app, orgId, row.outputDatasetId).catch(() => {});
    const { table, stats } = prepareTable(input, config.roles);
    const proposal = proposeRules(table, stats);
    const clusters = new Set(res.clusters).size;
    const step = Math.max(1, Math.ceil(res.curve.length / 200));
    const summary = {
      records: all.length,
      candidates: length,
      matches: res.matches.length,
      clusters,
      threshold: res.threshold,
      prior: Math.log2(res.model.lambda / (1 - res.model.lambda)),
      columns: res.stats.map((s) => ({
        column: s.column,
        role: s.role,
        null_rate: s.nullRate,
        distinct_ratio: s.distinctRatio,
        ...(s.reason ? { reason: s.reason } : {}),
      })),
      rules: res.candidates.ordered.map((r, i) => ({
        label: ruleLabel(r),
        pairs: res.candidates.added[i] ?? 0,
        estimated_recall: res.ruleRecall[i] ?? 0,
      })),
      curve: res.curve.filter((_, i) => i % step === 0),
      comparisons: res.comparisons.map((c, k) => ({
        column: c.column,
        levels: c.levels,
        m: [...(res.model.m[k] as Float64Array)],
        u: [...(res.model.u[k] as Float64Array)],
        // decisions move u; term frequencies stay relative to the random pairs' (engine FsModel)
        tf_base: tfBase(res.model, k),
      })),
      warnings: proposal.warnings,
      decisions: { yes: constraint('yes').length, no: constraint('no').length },
      not_linked: notLinked,
      // what adding records later scores with (add-records.task.ts)
      applied: {
        rules: res.rules,
        roles: Object.fromEntries(res.stats.map((s) => [s.column, s.role])),
        lambda: res.model.lambda,
      },
      seconds,
    };
    const done = await repo.updateResolution(app.db, orgId, row.id, { summary, outputDatasetId: ds.id });
    progress({ step: 'golden records' });
    await writeGolden(app, orgId, done!);
    await repo.updateResolution(app.db, orgId, row.id, { status: 'succeeded' });
    return { matches: res.matches.length, clusters };
  },
});
