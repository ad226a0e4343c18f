import {
  applyMapperEdits,
  type FieldMapping,
  inferSampleEdit,
  type JsonSchema,
  type MapperEdit,
  type MappingSpec,
  mapperEditProblems,
  targetInfos,
  toApiSpec,
  toJsonata,
} from '@mapwright/engine';
import { eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { workshops } from '../../db/schema.ts';
import { FieldError } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findJob } from './jobs.service.ts';
import { readRecords } from './records.ts';
import { findWorkshop, getWorkshop, runDraft } from './workshops.service.ts';

type RunOptions = { auto_deploy: boolean; immediate_return: boolean };
/** Enough records to pick a transform that fits the data, not just the first row. */
const SAMPLE = 500;

/** Mapper edit: set fields' source paths or defaults by hand, then re-run the draft. */
export async function mapperRun(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { mapper: MapperEdit[] } & RunOptions,
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  const targetSchema = w.targetSchema as JsonSchema;
  const [problem] = mapperEditProblems(input.mapper, targetSchema);
  if (problem) {
    const loc = problem.field === 'targetField' ? ['targetField'] : ['transformation', problem.field];
    throw new FieldError(['body', 'mapper', problem.index, ...loc], problem.message);
  }
  const job = await findJob(ctx, p.orgId, w.jobId);
  const sample = await readRecords(ctx, job, 0, SAMPLE);
  const spec = applyMapperEdits(w.spec as unknown as MappingSpec, input.mapper, targetSchema, sample);
  return runDraft(ctx, p, w, { spec }, input);
}

/** What the user's corrected record implies for the mapping, without changing anything. */
export async function sampleInfer(
  ctx: AppContext,
  p: Principal,
  id: string,
  sample: { index: number; mapped_record: Record<string, unknown> },
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  const job = await findJob(ctx, p.orgId, w.jobId);
  if (sample.index >= job.recordCount)
    throw new FieldError(
      ['body', 'sample', 'index'],
      `the job has ${job.recordCount} records: index must be below ${job.recordCount}`,
    );
  const [record] = await readRecords(ctx, job, sample.index, sample.index + 1);
  return inferSampleEdit({
    spec: w.spec as unknown as MappingSpec,
    targetSchema: w.targetSchema as JsonSchema,
    record,
    corrected: sample.mapped_record,
  });
}

/** Sample edit: infer the mapping change behind the corrected record, apply it, re-run. */
export async function sampleRun(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { sample: { index: number; mapped_record: Record<string, unknown> } } & RunOptions,
) {
  assertCanWrite(p);
  const inferred = await sampleInfer(ctx, p, id, input.sample);
  const w = await findWorkshop(ctx, p.orgId, id);
  const result = await runDraft(ctx, p, w, { spec: inferred.spec }, input);
  return { ...result, inferred: { changes: inferred.changes, unresolved: inferred.unresolved } };
}

/**
 * Approves draft fields (a person checked them), or takes the approval back, without a re-run:
 * the mapping is unchanged, only its review status. It still counts as an undeployed edit, since
 * deploying stores the statuses with the mapper.
 */
export async function approveFields(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { fields: string[]; approved: boolean },
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  const spec = w.spec as unknown as MappingSpec;
  assertDraftFields(spec, input.fields);
  const wanted = new Set(input.fields);
  const status = input.approved ? 'approved' : 'suggested';
  const changed: FieldMapping[] = [];
  const fields = spec.fields.map((f) => {
    if (!wanted.has(f.target) || (f.status ?? 'suggested') === status) return f;
    const next = { ...f, status } as FieldMapping;
    changed.push(next);
    return next;
  });
  if (changed.length > 0)
    await ctx.db
      .update(workshops)
      .set({
        spec: { ...spec, fields } as never,
        undeployedEdits: sql`${workshops.undeployedEdits} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(workshops.id, w.id));
  return { workshop: await getWorkshop(ctx, p, id), fields: changed };
}

/** A 422 naming the listed fields the draft does not map (an approve or reject of unknown fields). */
function assertDraftFields(spec: MappingSpec, fields: string[]) {
  const known = new Set(spec.fields.map((f) => f.target));
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0)
    throw new FieldError(
      ['body', 'fields', fields.indexOf(unknown[0]!)],
      `${unknown.map((f) => `"${f}"`).join(', ')} ${unknown.length === 1 ? 'is not a field' : 'are not fields'} of the draft mapping`,
    );
}

/**
 * Rejects suggestions: each field gets no source, so nothing feeds it (null, or left out where the
 * target may be left out but does not take null), marked edited since a person decided it; re-run.
 */
export async function rejectFields(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { fields: string[] } & RunOptions,
) {
  const w = await findWorkshop(ctx, p.orgId, id);
  assertCanWrite(p);
  const spec = w.spec as unknown as MappingSpec;
  assertDraftFields(spec, input.fields);
  const wanted = new Set(input.fields);
  const omit = new Set(
    targetInfos(w.targetSchema as JsonSchema)
      .filter((t) => t.omitNull)
      .map((t) => t.path),
  );
  const fields = spec.fields.map((f): FieldMapping => {
    if (!wanted.has(f.target)) return f;
    const was = f.sources.length > 0 ? ` from ${f.sources.join(' + ')}` : '';
    return {
      target: f.target,
      sources: [],
      transform: { kind: 'constant' },
      default: null,
      ...(f.omitNull || omit.has(f.target) ? { omitNull: true } : {}),
      confidence: 1,
      bucket: 'Very High',
      reason: `Rejected by hand: the suggestion${was} no longer feeds this field.`,
      status: 'edited',
    };
  });
  return runDraft(ctx, p, w, { spec: { ...spec, fields } }, input);
}

/** The draft as the generated transformation: one JSONata expression, and the spec per target property. */
export async function draftTransformation(ctx: AppContext, p: Principal, id: string) {
  const w = await findWorkshop(ctx, p.orgId, id);
  const spec = w.spec as unknown as MappingSpec;
  return { jsonata: toJsonata(spec), spec: toApiSpec(spec) };
}
