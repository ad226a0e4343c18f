import { PassThrough, type Readable } from 'node:stream';
import { desc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { AppContext, Principal } from '../../context.ts';
import { mapperVersions, pipelines, results, targetSchemas } from '../../db/schema.ts';
import { writeResult } from './downloads.ts';

export interface BulkReport {
  succeeded: string[];
  failed: { id: string; reason: string }[];
}

/** Which of the asked pipelines can be exported (they exist here and have a finished result). */
export async function planBulkDownload(ctx: AppContext, p: Principal, ids: string[]) {
  const rows = ids.length ? await ctx.db.select().from(pipelines).where(inArray(pipelines.id, ids)) : [];
  const report: BulkReport = { succeeded: [], failed: [] };
  const plan: { pipeline: (typeof rows)[number]; result: typeof results.$inferSelect }[] = [];
  for (const id of ids) {
    const pipeline = rows.find((r) => r.id === id && r.organizationId === p.orgId);
    if (!pipeline) {
      report.failed.push({ id, reason: 'not found' });
      continue;
    }
    const recent = await ctx.db
      .select()
      .from(results)
      .where(eq(results.pipelineId, id))
      .orderBy(desc(results.createdAt))
      .limit(5);
    const done = recent.find((r) => r.status === 'finished' || r.status === 'needs review');
    if (!done) {
      report.failed.push({ id, reason: 'no finished run yet' });
      continue;
    }
    plan.push({ pipeline, result: done });
    report.succeeded.push(id);
  }
  return { plan, report };
}

/**
 * One zip, streamed: per pipeline a folder with its definition (schema, deployed mapper) and its
 * latest results as JSONL; report.json says which pipelines were exported and why others were not.
 */
export function streamBulkZip(ctx: AppContext, planned: Awaited<ReturnType<typeof planBulkDownload>>) {
  const zip = new yazl.ZipFile();
  const safe = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 60);
  (async () => {
    for (const { pipeline, result } of planned.plan) {
      const dir = `${safe(pipeline.name)}-${pipeline.id.slice(0, 8)}`;
      const [schema] = await ctx.db
        .select()
        .from(targetSchemas)
        .where(eq(targetSchemas.id, pipeline.targetSchemaId));
      const [mapper] = pipeline.deployedVersion
        ? await ctx.db
            .select()
            .from(mapperVersions)
            .where(eq(mapperVersions.pipelineId, pipeline.id))
            .orderBy(desc(mapperVersions.version))
            .limit(1)
        : [];
      const definition = {
        id: pipeline.id,
        name: pipeline.name,
        description: pipeline.description,
        target_schema: schema?.schema,
        deployed_mapper_version: pipeline.deployedVersion,
        mapper: mapper?.spec ?? result.spec,
      };
      zip.addBuffer(Buffer.from(JSON.stringify(definition, null, 2)), `${dir}/pipeline.json`);
      const records = new PassThrough();
      zip.addReadStream(records, `${dir}/results.jsonl`);
      await writeResult(ctx, result, 'jsonl', 'all', records);
    }
    zip.addBuffer(Buffer.from(JSON.stringify(planned.report, null, 2)), 'report.json');
    zip.end();
  })().catch((err) => {
    ctx.log.error({ err }, 'bulk download failed');
    (zip.outputStream as Readable).destroy(err as Error);
  });
  return zip.outputStream as Readable;
}
