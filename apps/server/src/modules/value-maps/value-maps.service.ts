import type { TValueMapSuggestion } from '@mapwright/contracts';
import {
  type JsonSchema,
  listTargetFields,
  type MappingSpec,
  mapValues,
  type Transform,
} from '@mapwright/engine';
import type { AppContext, Principal } from '../../context.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { jobData, listJobs } from '../pipelines/jobs.service.ts';
import { deployedSpec, deployVersion, findPipeline } from '../pipelines/pipelines.service.ts';

/*
 * The Excel value-mapper: for one target field of a pipeline, every distinct source value its
 * jobs have seen (with counts), the engine's suggested target value for each (engine/values:
 * exact, case, abbreviation, spelling, another notation of the same value — with confidence),
 * and applying the accepted table as the field's lookup in a new mapper version.
 */

const JOBS_READ = 20;
const RECORDS_PER_JOB = 20_000;
const PAGE = 1000;

async function fieldOf(ctx: AppContext, p: Principal, pipelineId: string, field: string) {
  const pipeline = await findPipeline(ctx, p.orgId, pipelineId);
  const deployed = await deployedSpec(ctx, pipeline);
  if (!deployed)
    throw new AppError(409, 'Deploy a mapper for this pipeline first: values are mapped per field of it');
  const { spec, targetSchema: schema } = deployed;
  const mapping = spec.fields.find((f) => f.target === field);
  const target = listTargetFields(schema as JsonSchema).find((f) => f.path === field);
  if (!mapping || !target)
    throw new FieldError(['body', 'field'], `"${field}" is not a mapped field of the pipeline`);
  const source = mapping.sources[0];
  if (!source || source.includes('[*]'))
    throw new FieldError(['body', 'field'], `"${field}" does not read one plain source field`);
  return { spec, schema, mapping, target, source };
}

const valueAt = (record: unknown, path: string) =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      record,
    );

/** Distinct source values of the field across the pipeline's latest jobs, most frequent first. */
async function seenValues(ctx: AppContext, p: Principal, pipelineId: string, source: string) {
  const counts = new Map<string, number>();
  const jobs = await listJobs(ctx, p, { page: 1, size: JOBS_READ, pipelineId });
  for (const job of jobs.items) {
    for (let page = 1; (page - 1) * PAGE < Math.min(job.record_count, RECORDS_PER_JOB); page++) {
      const data = await jobData(ctx, p, job.id, { page, size: PAGE });
      for (const r of data.items) {
        const v = valueAt(r, source);
        if (v === undefined || v === null || typeof v === 'object') continue;
        counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
      }
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

export async function suggestValueMap(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  body: { field: string; table?: Record<string, string> | undefined },
): Promise<TValueMapSuggestion> {
  const f = await fieldOf(ctx, p, pipelineId, body.field);
  const seen = await seenValues(ctx, p, pipelineId, f.source);
  const current = f.mapping.transform.kind === 'lookup' ? f.mapping.transform.table : {};

  const targets = [...new Set([...(f.target.enum ?? []), ...Object.values(body.table ?? {})])].filter(
    (v) => v !== null && v !== '',
  );
  const mapped = mapValues(
    seen.map(([v]) => v),
    targets,
    // the field's present lookup counts as accepted before; the workbook's pairs win over both
    { userTable: body.table ?? {}, learned: current as Record<string, unknown> },
  );
  const byValue = new Map(mapped.entries.map((e) => [e.source, e]));
  const rows = seen.map(([source, count]) => {
    const e = byValue.get(source);
    return {
      source,
      count,
      target: e?.target === null || e?.target === undefined ? null : String(e.target),
      confidence: e?.confidence ?? 0,
      reason:
        e?.reason === 'accepted before'
          ? "in the deployed mapper's lookup"
          : (e?.reason ?? 'no similar target value'),
    };
  });
  return {
    field: body.field,
    source_field: f.source,
    targets: targets.map(String),
    rows,
    unmapped: rows.filter((r) => r.target === null).map((r) => ({ source: r.source, count: r.count })),
  };
}

/** The accepted table becomes the field's lookup in a new, deployed mapper version. */
export async function applyValueMap(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  body: { field: string; table: Record<string, string> },
) {
  const f = await fieldOf(ctx, p, pipelineId, body.field);
  const lookup: Transform = { kind: 'lookup', table: body.table, fallback: 'keep' };
  const before = f.mapping.transform;
  // a copy (or an earlier lookup) is replaced; any other transform runs first, then the lookup
  const transform: Transform =
    before.kind === 'copy' || before.kind === 'lookup' ? lookup : { kind: 'chain', steps: [before, lookup] };
  const spec: MappingSpec = {
    ...f.spec,
    fields: f.spec.fields.map((m) =>
      m.target === body.field
        ? {
            ...m,
            transform,
            status: 'edited',
            reason: `${m.reason} Values mapped with the Excel value-mapper.`,
          }
        : m,
    ),
  };
  const version = await deployVersion(
    ctx,
    p,
    pipelineId,
    spec,
    f.schema as Record<string, unknown>,
    `value map for ${body.field} (${Object.keys(body.table).length} values)`,
  );
  return { mapper_version: version };
}
