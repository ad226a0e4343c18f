import type { MappingSpec } from '@mapwright/engine';
import type { AppContext, Principal } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { ThreadMemoryError, ThreadTimeoutError } from '../../../lib/thread-pool.ts';
import { evaluateUserCode } from '../../../lib/user-code.ts';
import { deployedSpec, findPipeline } from '../../pipelines/pipelines.service.ts';
import { batchesOf, withWriters } from '../io.ts';
import { columnsOfSchema, StepInputError, type StepKind, StepProblem } from './types.ts';

/** Records mapped per call to a user-code thread (each call is under USER_CODE_TIMEOUT_MS). */
const MAP_BATCH = 1_000;

/** The pipeline's deployed mapper and its target schema; a pipeline without one cannot be a step. */
export async function deployedMapperOf(app: AppContext, p: Principal, pipelineId: string) {
  const pipeline = await findPipeline(app, p.orgId, pipelineId).catch((err) => {
    if (err instanceof AppError && err.statusCode === 404)
      throw new StepProblem(['config', 'pipeline_id'], `pipeline ${pipelineId} was not found`);
    throw err;
  });
  const deployed = await deployedSpec(app, pipeline);
  if (!deployed)
    throw new StepProblem(
      ['config', 'pipeline_id'],
      `pipeline "${pipeline.name}" has no deployed mapper yet: deploy one in its workshop`,
    );
  return { pipeline, spec: deployed.spec, targetSchema: deployed.targetSchema as Record<string, unknown> };
}

/** The input columns a mapper reads: the first segment of each field's source paths. */
export function sourcesOf(spec: MappingSpec): string[] {
  return [...new Set(spec.fields.flatMap((f) => f.sources.map((s) => s.split(/[.[]/)[0]!)))].filter(Boolean);
}

export const mapStep: StepKind<'map'> = {
  kind: 'map',
  label: 'Map',
  description: 'Maps each row with a pipeline’s deployed mapper onto its target schema',
  async outputs(ctx, step) {
    const m = await deployedMapperOf(ctx.app, ctx.principal, step.config.pipeline_id);
    return { out: columnsOfSchema(m.targetSchema) };
  },
  async uses(ctx, step) {
    return sourcesOf((await deployedMapperOf(ctx.app, ctx.principal, step.config.pipeline_id)).spec);
  },
  async run(ctx, step) {
    const m = await deployedMapperOf(ctx.app, ctx.principal, step.config.pipeline_id).catch((err) => {
      throw err instanceof StepProblem ? new StepInputError(err.message) : err;
    });
    const input = ctx.inputs.in!;
    ctx.log('info', `mapping with "${m.pipeline.name}" mapper v${m.pipeline.deployedVersion}`);
    return withWriters(ctx.app, ctx.principal.orgId, 1, async ([out]) => {
      for await (const batch of batchesOf(ctx.app, input, MAP_BATCH)) {
        let reply: Awaited<ReturnType<typeof evaluateUserCode>>;
        try {
          // user code (JSONata) never runs on the event loop
          reply = await evaluateUserCode(ctx.app.config, { spec: m.spec, schema: null, records: batch });
        } catch (err) {
          if (err instanceof ThreadTimeoutError || err instanceof ThreadMemoryError)
            throw new StepInputError(err.message);
          throw err;
        }
        for (const r of reply.records) await out!.add(r);
        if (ctx.signal.aborted) throw ctx.signal.reason;
      }
      const ds = await out!.finish();
      return { rowsIn: input.rowCount, rowsOut: ds.rowCount, rowsRejected: 0, output: ds };
    });
  },
};
