import type { TFieldSheet, TReviewStatus, TSheetField } from '@mapwright/contracts';
import { describeTransform, type JsonSchema, listTargetFields, type MappingSpec } from '@mapwright/engine';
import type { AppContext, Principal } from '../../context.ts';
import { FieldError } from '../../lib/errors.ts';
import { getImport } from '../imports/imports.service.ts';
import { getJob } from '../pipelines/jobs.service.ts';
import {
  deployedSpec,
  findPipeline,
  listPipelines,
  pipelineTargetSchema,
} from '../pipelines/pipelines.service.ts';
import { listResults, resultErrors } from '../pipelines/results.service.ts';
import { findWorkshop, listWorkshops } from '../pipelines/workshops.service.ts';
import { commentCounts, findWorkbook, reviewsOf } from './workbooks.service.ts';

/** A field's key on the sheet: the pipeline and the target path (a project may map several schemas). */
export const fieldKey = (pipelineId: string, path: string) => `${pipelineId}:${path}`;

/** What one pipeline contributes: its target fields and the mapping the team is working on. */
async function pipelineFields(ctx: AppContext, p: Principal, pipelineId: string, withRun: boolean) {
  const pipeline = await findPipeline(ctx, p.orgId, pipelineId);
  // the draft being edited (latest workshop), else the deployed mapper, else no mapping yet
  const [workshop] = (await listWorkshops(ctx, p, { pipelineId }, { page: 1, size: 1 })).items;
  let spec: MappingSpec | undefined;
  let schema: JsonSchema;
  let jobId: string | null = workshop?.job_id ?? null;
  if (workshop) {
    const w = await findWorkshop(ctx, p.orgId, workshop.id);
    spec = w.spec as unknown as MappingSpec;
    schema = w.targetSchema as JsonSchema;
  } else {
    const deployed = await deployedSpec(ctx, pipeline);
    spec = deployed?.spec;
    schema = (deployed?.targetSchema ??
      ((await pipelineTargetSchema(ctx, p, pipelineId)) as { schema: unknown }).schema) as JsonSchema;
  }
  const [result] = withRun ? (await listResults(ctx, p, { pipelineId }, { page: 1, size: 1 })).items : [];
  jobId ??= result?.job_id ?? null;
  let sourceTable: string | null = null;
  if (withRun && jobId) {
    const job = await getJob(ctx, p, jobId);
    sourceTable = job.import_id
      ? await getImport(ctx, p, job.import_id).then(
          (i) => i.name,
          () => 'an import',
        )
      : 'inline records';
  }
  const failedBy = new Map<string, number>();
  if (result && result.failed > 0 && result.status !== 'running' && result.status !== 'queued') {
    for (const t of (await resultErrors(ctx, p, result.id)).types)
      for (const f of t.fields) {
        const path = f.field.replace(/\[\d+\]/g, '[*]');
        failedBy.set(path, (failedBy.get(path) ?? 0) + f.count);
      }
  }
  return { pipeline, workshopId: workshop?.id ?? null, spec, schema, result, sourceTable, failedBy };
}

/** The field sheet: one row per target field of every pipeline of the workbook's project. */
export async function fieldSheet(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  withRun = true,
): Promise<TFieldSheet> {
  const { w } = await findWorkbook(ctx, p.orgId, workbookId);
  const [reviews, comments] = await Promise.all([reviewsOf(ctx, w.id), commentCounts(ctx, w.id)]);
  const pipelines = (await listPipelines(ctx, p, { page: 1, size: 100, project_id: w.projectId })).items;
  const fields: TSheetField[] = [];
  for (const pl of pipelines) {
    const f = await pipelineFields(ctx, p, pl.id, withRun);
    const mappings = new Map((f.spec?.fields ?? []).map((m) => [m.target, m]));
    for (const t of listTargetFields(f.schema)) {
      const key = fieldKey(pl.id, t.path);
      const m = mappings.get(t.path);
      const review = reviews.get(key);
      const failed = f.failedBy.get(t.path) ?? 0;
      const dropped = f.result?.dropped_by_field[t.path] ?? 0;
      const running = f.result?.status === 'running' || f.result?.status === 'queued';
      fields.push({
        key,
        pipeline_id: pl.id,
        pipeline_name: pl.name,
        workshop_id: f.workshopId,
        target_field: t.path,
        source_table: f.sourceTable,
        source_fields: m?.sources ?? [],
        type: [t.types.filter((x) => x !== 'null').join(' | ') || 'any', t.format].filter(Boolean).join(', '),
        nullable: t.types.includes('null'),
        required: t.required,
        description: t.description ?? t.title ?? null,
        enum_values: t.enum ?? [],
        transform: m ? describeTransform(m.transform, m.sources) : 'Not mapped yet',
        confidence: m ? m.confidence : null,
        review_status: (review?.status as TReviewStatus | undefined) ?? 'NOT_REVIEWED',
        review_updated_by: review?.updatedBy ?? null,
        comment_count: comments.get(key) ?? 0,
        run_status: !f.result
          ? 'not_run'
          : running
            ? 'running'
            : failed > 0
              ? 'failing'
              : dropped > 0
                ? 'dropped'
                : 'ok',
        failed_records: failed,
        dropped_values: dropped,
      });
    }
  }
  return { fields };
}

/** A 422 unless the key names a field of the workbook's sheet. */
export async function assertSheetField(ctx: AppContext, p: Principal, workbookId: string, key: string) {
  const sheet = await fieldSheet(ctx, p, workbookId, false);
  if (!sheet.fields.some((f) => f.key === key))
    throw new FieldError(['path', 'key'], `"${key}" is not a field of this workbook's field sheet`);
}
