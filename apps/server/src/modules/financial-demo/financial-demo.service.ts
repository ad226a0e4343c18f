import { SAMPLE_SOURCE_APP, type TFinanceDemo, type TFinanceDemoStep } from '@mapwright/contracts';
import {
  describeTransform,
  type JsonSchema,
  type MappingSpec,
  profileRecords,
  suggestMapping,
} from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { financialDemos } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { createJob, runJob } from '../pipelines/jobs.service.ts';
import { createPipeline, deployVersion } from '../pipelines/pipelines.service.ts';
import { resultBatches } from '../pipelines/result-rows.ts';
import { findResult } from '../pipelines/results.service.ts';
import { getSourceApp } from '../workflows/apps.service.ts';
import { getRun, startRun } from '../workflows/runs.service.ts';
import { createWorkflow, findOrThrow } from '../workflows/workflows.service.ts';
import { analyse, type SourceTransaction, type Summary } from './analysis.ts';
import { demoWorkflow } from './demo-workflow.ts';
import { TRANSACTIONS_SUMMARY_SCHEMA } from './summary-schema.ts';

type Demo = typeof financialDemos.$inferSelect;
interface Pulled {
  entities: { id: string; entity_name: string; currency: string }[];
  transactions: (SourceTransaction & { entity_id: string } & Record<string, unknown>)[];
}

export const STEP_TITLES = [
  'Connect the sample finance API',
  "Pull every entity and each entity's transactions",
  'Map them onto the transactions summary schema',
  'Analyse spend',
] as const;

async function demoOf(ctx: AppContext, orgId: string): Promise<Demo | undefined> {
  const [row] = await ctx.db.select().from(financialDemos).where(eq(financialDemos.organizationId, orgId));
  return row;
}

async function save(ctx: AppContext, orgId: string, values: Partial<Omit<Demo, 'organizationId'>>) {
  await ctx.db
    .insert(financialDemos)
    .values({ organizationId: orgId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: financialDemos.organizationId, set: { ...values, updatedAt: new Date() } });
}

/** The run, or null when it is gone (deleted with its workflow). */
const runOf = (ctx: AppContext, p: Principal, id: string | null) =>
  id ? getRun(ctx, p, id).catch(() => null) : Promise.resolve(null);
const resultOf = (ctx: AppContext, p: Principal, id: string | null) =>
  id ? findResult(ctx, p.orgId, id).catch(() => null) : Promise.resolve(null);

const plural = (n: number, one: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : one.endsWith('y') ? `${one.slice(0, -1)}ies` : `${one}s`}`;

/** Every step with what it did, and the analysis once the mapped result is in. */
export async function getDemo(ctx: AppContext, p: Principal): Promise<TFinanceDemo> {
  const demo = await demoOf(ctx, p.orgId);
  const steps: TFinanceDemoStep[] = STEP_TITLES.map((title, i) => ({
    step: i + 1,
    title,
    status: 'todo',
    did: [],
    error: null,
    links: [],
  }));
  const [s1, s2, s3, s4] = steps as [TFinanceDemoStep, TFinanceDemoStep, TFinanceDemoStep, TFinanceDemoStep];
  if (demo?.connectedAt) {
    const app = await getSourceApp(ctx, p, SAMPLE_SOURCE_APP);
    s1.status = 'done';
    s1.did.push(
      `Connected "${app.name}" (${plural(app.endpoints.length, 'endpoint')} in its catalogue) at ${demo.connectedAt.toISOString()}.`,
      ...app.endpoints
        .filter((e) => ['listEntities', 'listTransactions'].includes(e.operationId))
        .map((e) => `Will call ${e.method} ${e.path}: ${e.summary}.`),
    );
    s1.links.push({ label: 'Source apps in the workflow builder', href: '/workflow_builder' });
  }
  const run = await runOf(ctx, p, demo?.runId ?? null);
  if (run) {
    s2.status =
      run.status === 'succeeded' ? 'done' : ['queued', 'running'].includes(run.status) ? 'running' : 'failed';
    s2.error = run.error;
    for (const node of run.nodes)
      if (node.nodeId !== 'final')
        s2.did.push(
          `${node.nodeId}: ${plural(node.calls, 'call')} (pages and fan-out), ${plural(node.records, 'record')} (${node.status}).`,
        );
    s2.links.push({ label: 'Open the workflow', href: `/workflows/${run.workflowId}` });
  }
  const result = await resultOf(ctx, p, demo?.resultId ?? null);
  let analysis: TFinanceDemo['analysis'] = null;
  if (result) {
    const r = result.r;
    const open = ['created', 'queued', 'running'].includes(r.status);
    s3.status = open ? 'running' : ['failed', 'cancelled'].includes(r.status) ? 'failed' : 'done';
    s3.error = r.error ?? null;
    for (const f of (r.spec as unknown as MappingSpec).fields)
      s3.did.push(
        `${f.target} ← ${f.sources.join(', ') || '(none)'}: ${describeTransform(f.transform)} (${Math.round(f.confidence * 100)}%).`,
      );
    s3.did.push(
      `The job mapped ${plural(r.total, 'entity summary')}: ${r.succeeded} valid, ${r.failed} failed (${r.status}).`,
    );
    s3.links.push(
      { label: 'Open the pipeline', href: `/pipelines/${r.pipelineId}` },
      { label: 'Open the job', href: `/job?id=${r.jobId}` },
    );
    if (s3.status === 'done' && run?.status === 'succeeded') {
      analysis = await analysisOf(ctx, r, run.output as Pulled);
      s4.status = 'done';
      s4.did.push(
        `Read ${plural(r.succeeded, 'mapped entity summary')} from the result dataset and ${plural((run.output as Pulled).transactions.length, 'pulled transaction')} from the workflow run.`,
        analysis.reconciled
          ? 'The mapped totals reconcile with the source, per currency.'
          : 'The mapped totals do NOT reconcile with the source: see the totals.',
      );
    }
  }
  return { steps, analysis };
}

async function analysisOf(ctx: AppContext, r: Parameters<typeof resultBatches>[1], pulled: Pulled) {
  const summaries: Summary[] = [];
  for await (const batch of resultBatches(ctx, r))
    for (const e of batch) if (e.message === 'success') summaries.push(e.mapped_record as Summary);
  const names = new Map(pulled.entities.map((e) => [e.id, e.entity_name]));
  return analyse(summaries, names, pulled.transactions);
}

/** Runs (or re-runs) one step; a step needs the one before it to be done. */
export async function runStep(ctx: AppContext, p: Principal, step: number): Promise<TFinanceDemo> {
  assertCanWrite(p);
  const demo = await demoOf(ctx, p.orgId);
  const needs = (ok: boolean, what: string) => {
    if (!ok) throw new AppError(409, `Step ${step} needs ${what} first`);
  };
  if (step === 1) {
    await getSourceApp(ctx, p, SAMPLE_SOURCE_APP); // its catalogue answers: it is reachable
    await save(ctx, p.orgId, { connectedAt: new Date() });
  } else if (step === 2) {
    needs(Boolean(demo?.connectedAt), 'step 1 (connect the sample finance API)');
    const existing = demo?.workflowId ? await findOrThrow(ctx, p, demo.workflowId).catch(() => null) : null;
    const workflowId = existing?.id ?? (await createWorkflow(ctx, p, demoWorkflow())).id;
    const run = await startRun(ctx, p, workflowId);
    await save(ctx, p.orgId, { workflowId, runId: run.id });
  } else if (step === 3) {
    const run = await runOf(ctx, p, demo?.runId ?? null);
    needs(run?.status === 'succeeded', 'a finished step 2 (the pulled transactions)');
    await mapStep(ctx, p, demo!, run!.output as Pulled);
  } else {
    const current = await getDemo(ctx, p);
    needs(current.steps[2]!.status === 'done', 'a finished step 3 (the mapped result)');
  }
  return getDemo(ctx, p);
}

/** One record per entity with its transactions, mapped by a pipeline with the engine's suggestion. */
async function mapStep(ctx: AppContext, p: Principal, demo: Demo, pulled: Pulled) {
  const records = pulled.entities.map((e) => ({
    id: e.id,
    entity_name: e.entity_name,
    transactions: pulled.transactions.filter((t) => t.entity_id === e.id).map(({ entity_id: _, ...t }) => t),
  }));
  const pipelineId =
    demo.pipelineId ??
    (
      await createPipeline(ctx, p, {
        name: 'Financial analysis demo: transactions summary',
        description: "Each entity's transactions from the sample finance API, summarised (spec §3).",
        target_schema: TRANSACTIONS_SUMMARY_SCHEMA,
      })
    ).id;
  const schema = TRANSACTIONS_SUMMARY_SCHEMA as JsonSchema;
  const spec = suggestMapping({ profile: profileRecords(records), targetSchema: schema }).spec;
  await deployVersion(
    ctx,
    p,
    pipelineId,
    spec,
    TRANSACTIONS_SUMMARY_SCHEMA,
    "the engine's suggestion (demo)",
  );
  const job = await createJob(ctx, p, pipelineId, { data: records });
  const result = await runJob(ctx, p, job.id, true);
  await save(ctx, p.orgId, { pipelineId, jobId: job.id, resultId: result.id });
}
