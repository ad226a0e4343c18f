import { type JsonSchema, type MappingSpec, SPEC_VERSION, validateMappingSpec } from '@mapwright/engine';
import { desc, eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { jobs, results } from '../../db/schema.ts';
import { FieldError } from '../../lib/errors.ts';
import { ThreadMemoryError, ThreadTimeoutError } from '../../lib/thread-pool.ts';
import { evaluateUserCode, type UserCodeRequest } from '../../lib/user-code.ts';
import { getSchema } from '../target-schemas/target-schemas.service.ts';
import { deployedSpec, findPipeline } from './pipelines.service.ts';
import { readRecords } from './records.ts';

/** records compared per job: enough to see a change, bounded so the answer is immediate */
const SAMPLE_PER_JOB = 1000;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const valueAt = (r: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      r,
    );

/** no baseline: every record maps to nothing */
const NOTHING: MappingSpec = { version: SPEC_VERSION, fields: [] };

/** a mapper stopped for time or memory is the draft's problem: a 422 on the spec, not a 500 */
async function evaluate(ctx: AppContext, req: UserCodeRequest) {
  try {
    return await evaluateUserCode(ctx.config, req);
  } catch (err) {
    if (err instanceof ThreadTimeoutError || err instanceof ThreadMemoryError)
      throw new FieldError(['body', 'spec'], err.message);
    throw err;
  }
}

/**
 * What a draft mapper would change against the inputs of the pipeline's last N jobs, compared
 * with the deployed mapper: per field, and per record (changed, newly failing, newly passing).
 * Both mappers are user code: they map on a user-code thread under USER_CODE_TIMEOUT_MS.
 */
export async function dryRun(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  input: { spec: unknown; last_jobs: number },
) {
  const pipeline = await findPipeline(ctx, p.orgId, pipelineId);
  const checked = validateMappingSpec(input.spec);
  if (!checked.ok) {
    const first = checked.errors[0]!;
    throw new FieldError(['body', 'spec'], `${first.field}: ${first.reason}`);
  }
  const draft = checked.spec;
  // the baseline is the deployed mapper, or, before any deploy, the mapper of the latest run
  const deployed = await deployedSpec(ctx, pipeline);
  const [latest] = deployed
    ? []
    : await ctx.db
        .select()
        .from(results)
        .where(eq(results.pipelineId, pipelineId))
        .orderBy(desc(results.createdAt))
        .limit(1);
  const baseline = deployed?.spec ?? (latest?.spec as unknown as MappingSpec | undefined);
  const schema = (deployed?.targetSchema ??
    (await getSchema(ctx, p, pipeline.targetSchemaId)).schema) as JsonSchema;
  const recent = await ctx.db
    .select()
    .from(jobs)
    .where(eq(jobs.pipelineId, pipelineId))
    .orderBy(desc(jobs.createdAt))
    .limit(input.last_jobs);
  const targets = [
    ...new Set([...draft.fields.map((f) => f.target), ...(baseline?.fields.map((f) => f.target) ?? [])]),
  ].filter((t) => !t.includes('[*]'));
  const fieldChanges = new Map(targets.map((t) => [t, 0]));
  let compared = 0;
  let changed = 0;
  let newlyFailing = 0;
  let newlyPassing = 0;
  for (const job of recent) {
    const records = await readRecords(ctx, job, 0, SAMPLE_PER_JOB);
    const [ra, rb] = await Promise.all(
      [baseline ?? NOTHING, draft].map((spec) => evaluate(ctx, { spec, schema, records })),
    );
    const [a, b] = [ra!.records, rb!.records];
    for (let i = 0; i < records.length; i++) {
      compared++;
      if (!same(a[i], b[i])) changed++;
      const okA = ra!.valid?.[i] === true;
      const okB = rb!.valid?.[i] === true;
      if (okA && !okB) newlyFailing++;
      if (!okA && okB) newlyPassing++;
      for (const t of targets)
        if (!same(valueAt(a[i], t), valueAt(b[i], t))) fieldChanges.set(t, fieldChanges.get(t)! + 1);
    }
  }
  return {
    compared_against: deployed
      ? { mapper_version: deployed.version }
      : latest
        ? { result_id: latest.id }
        : null,
    jobs: recent.map((j) => j.id),
    records_compared: compared,
    records_changed: changed,
    newly_failing: newlyFailing,
    newly_passing: newlyPassing,
    fields: [...fieldChanges]
      .map(([target, n]) => ({ target, records_changed: n }))
      .filter((f) => f.records_changed > 0),
  };
}
