import {
  ZActivity,
  ZActivityQuery,
  ZCreateJobRequest,
  ZCreatePipelineRequest,
  ZErrorGroups,
  ZFixedRecord,
  ZFixesSummary,
  ZFixRecordRequest,
  ZJob,
  ZJobPage,
  ZListQuery,
  ZMapperVersion,
  ZMappingPage,
  ZMappingsQuery,
  ZPageQuery,
  ZPipeline,
  ZPipelinePage,
  ZReplaceInFieldRequest,
  ZResult,
  ZResultDetail,
  ZResultFiles,
  ZResultListQuery,
  ZResultPage,
  ZResultWithConfidence,
  ZRunQuery,
  ZTargetSchema,
  ZUpdatePipelineRequest,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { planBulkDownload, streamBulkZip } from './bulk-download.ts';
import { codeRoutes } from './code.routes.ts';
import { CONTENT_TYPES, DOWNLOAD_FORMATS, streamOf, writeResult } from './downloads.ts';
import { dryRun } from './dry-run.ts';
import * as fixes from './fixes.service.ts';
import * as jobsService from './jobs.service.ts';
import * as pipelinesService from './pipelines.service.ts';
import * as resultsService from './results.service.ts';

const ZId = z.object({ id: z.uuid() });
/** inline jobs may carry many records: a larger body limit for that one route */
const JOB_BODY_LIMIT = 256 * 1024 * 1024;

/** Pipelines, jobs and results: api-pipelines.md, plus mapper versions, diff and roll back. */
export async function pipelinesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const P = { tags: ['pipelines'] };
  const J = { tags: ['jobs'] };
  const R = { tags: ['results'] };

  r.get(
    '/pipelines',
    {
      schema: {
        ...P,
        summary: 'Pipelines; filters name, id, status (draft|deployed)',
        querystring: ZListQuery.extend({ project_id: z.uuid().optional() }),
        response: { 200: ZPipelinePage },
      },
    },
    (req) => pipelinesService.listPipelines(ctx, principalOf(req), req.query),
  );
  r.post(
    '/pipelines',
    {
      schema: {
        ...P,
        summary: 'Create a pipeline onto a target schema (id or JSON Schema)',
        body: ZCreatePipelineRequest,
        response: { 201: ZPipeline },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await pipelinesService.createPipeline(ctx, principalOf(req), req.body)),
  );
  r.get(
    '/pipelines/:id',
    { schema: { ...P, summary: 'A pipeline', params: ZId, response: { 200: ZPipeline } } },
    (req) => pipelinesService.getPipeline(ctx, principalOf(req), req.params.id),
  );
  r.put(
    '/pipelines/:id',
    {
      schema: {
        ...P,
        summary: 'Rename or describe a pipeline',
        params: ZId,
        body: ZUpdatePipelineRequest,
        response: { 200: ZPipeline },
      },
    },
    (req) => pipelinesService.updatePipeline(ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/pipelines/:id',
    { schema: { ...P, summary: 'Delete a pipeline with its jobs and results', params: ZId } },
    async (req, reply) => {
      await pipelinesService.deletePipeline(ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/pipelines/:id/target_schema',
    {
      schema: {
        ...P,
        summary: "The pipeline's target schema",
        params: ZId,
        response: { 200: ZTargetSchema },
      },
    },
    (req) => pipelinesService.pipelineTargetSchema(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/pipelines/:id/mapper',
    { schema: { ...P, summary: 'The deployed mapper (spec form)', params: ZId } },
    (req) => pipelinesService.deployedMapper(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/pipelines/:id/mapper/versions',
    {
      schema: {
        ...P,
        summary: 'Mapper versions, newest first',
        params: ZId,
        response: { 200: z.object({ items: z.array(ZMapperVersion) }) },
      },
    },
    (req) => pipelinesService.listMapperVersions(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/pipelines/:id/mapper/diff',
    {
      schema: {
        ...P,
        summary: 'Field-by-field diff of two mapper versions',
        params: ZId,
        querystring: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
      },
    },
    (req) =>
      pipelinesService.diffMapperVersions(ctx, principalOf(req), req.params.id, req.query.from, req.query.to),
  );
  r.post(
    '/pipelines/:id/mapper/rollback',
    {
      schema: {
        ...P,
        summary: 'Deploy an earlier mapper version again',
        params: ZId,
        body: z.object({ version: z.number().int().min(1) }),
        response: { 200: ZPipeline },
      },
    },
    (req) => pipelinesService.rollback(ctx, principalOf(req), req.params.id, req.body.version),
  );

  r.get(
    '/pipelines/:id/jobs',
    {
      schema: {
        ...J,
        summary: "A pipeline's jobs",
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZJobPage },
      },
    },
    async (req) => {
      await pipelinesService.findPipeline(ctx, principalOf(req).orgId, req.params.id);
      return jobsService.listJobs(ctx, principalOf(req), { ...req.query, pipelineId: req.params.id });
    },
  );
  r.post(
    '/pipelines/:id/jobs',
    {
      bodyLimit: JOB_BODY_LIMIT,
      schema: {
        ...J,
        summary: 'Create a job from inline records ({data}) or an import ({import_id})',
        params: ZId,
        body: ZCreateJobRequest,
        response: { 201: ZJob },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await jobsService.createJob(ctx, principalOf(req), req.params.id, req.body)),
  );
  r.get(
    '/jobs',
    { schema: { ...J, summary: 'Jobs, newest first', querystring: ZListQuery, response: { 200: ZJobPage } } },
    (req) => jobsService.listJobs(ctx, principalOf(req), req.query),
  );
  r.get(
    '/jobs/:id',
    { schema: { ...J, summary: 'A job with its latest status', params: ZId, response: { 200: ZJob } } },
    (req) => jobsService.getJob(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/jobs/:id/data',
    { schema: { ...J, summary: "A page of the job's source records", params: ZId, querystring: ZPageQuery } },
    (req) => jobsService.jobData(ctx, principalOf(req), req.params.id, req.query),
  );
  r.post(
    '/jobs/:id/run',
    {
      schema: {
        ...J,
        summary: 'Run the job (deployed mapper, or the engine proposal)',
        params: ZId,
        querystring: ZRunQuery,
        response: { 200: ZResult },
      },
    },
    (req) => jobsService.runJob(ctx, principalOf(req), req.params.id, req.query.immediate_return),
  );
  r.get(
    '/jobs/:id/results',
    {
      schema: {
        ...J,
        summary: "A job's results",
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZResultPage },
      },
    },
    async (req) => {
      await jobsService.findJob(ctx, principalOf(req).orgId, req.params.id);
      return resultsService.listResults(ctx, principalOf(req), { jobId: req.params.id }, req.query);
    },
  );
  r.get(
    '/results',
    {
      schema: {
        tags: ['results'],
        summary: 'Results across the organization, newest first (the job tracker lists queued,running)',
        querystring: ZResultListQuery,
        response: { 200: ZResultPage },
      },
    },
    (req) =>
      resultsService.listResults(
        ctx,
        principalOf(req),
        { statuses: req.query.status, pipelineId: req.query.pipeline_id },
        req.query,
      ),
  );
  r.get(
    '/stats/activity',
    {
      schema: {
        tags: ['results'],
        summary: 'Records processed and failed per day (UTC) over the last `days` days',
        querystring: ZActivityQuery,
        response: { 200: ZActivity },
      },
    },
    (req) => resultsService.activity(ctx, principalOf(req), req.query.days),
  );
  r.get(
    '/jobs/:id/target_schema',
    { schema: { ...J, summary: 'The schema the job ran against', params: ZId } },
    (req) => jobsService.jobTargetSchema(ctx, principalOf(req), req.params.id),
  );

  r.get(
    '/results/:id',
    {
      schema: {
        ...R,
        summary: 'A result (poll it after an immediate_return run) with its errors grouped by type',
        params: ZId,
        response: { 200: ZResultDetail },
      },
    },
    (req) => resultsService.getResultDetail(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/results/:id/spec',
    { schema: { ...R, summary: "The result's mapper, per target property", params: ZId } },
    (req) => resultsService.resultSpec(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/results/:id/mappings',
    {
      schema: {
        ...R,
        summary: 'Mapped records with their source and errors',
        params: ZId,
        querystring: ZMappingsQuery,
        response: { 200: ZMappingPage },
      },
    },
    (req) => resultsService.resultMappings(ctx, principalOf(req), req.params.id, req.query),
  );
  r.get(
    '/results/:id/fixes',
    {
      schema: {
        ...R,
        summary: 'Fixes made by hand, waiting to be applied',
        params: ZId,
        response: { 200: ZFixesSummary },
      },
    },
    (req) => fixes.fixesSummary(ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/results/:id/records/:index',
    {
      schema: {
        ...R,
        summary: 'Fix cells of a quarantined record; it is re-validated at once',
        params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0) }),
        body: ZFixRecordRequest,
        response: { 200: ZFixedRecord },
      },
    },
    (req) => fixes.fixRecord(ctx, principalOf(req), req.params.id, req.params.index, req.body.changes),
  );
  r.post(
    '/results/:id/fixes/replace',
    {
      schema: {
        ...R,
        summary: 'Find and replace in one field of every quarantined record, re-validating each',
        params: ZId,
        body: ZReplaceInFieldRequest,
        response: { 200: ZFixesSummary },
      },
    },
    (req) => fixes.replaceInField(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/results/:id/fixes/apply',
    {
      schema: {
        ...R,
        summary:
          'Put the fixes into the result (its files are rewritten; fixed records that pass leave the quarantine)',
        params: ZId,
        response: { 200: ZResult },
      },
    },
    (req) => fixes.applyFixes(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/results/:id/errors',
    {
      schema: {
        ...R,
        summary: "The run's validation errors by type, field and rule, with sample values (exact counts)",
        params: ZId,
        response: { 200: ZErrorGroups },
      },
    },
    (req) => resultsService.resultErrors(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/results/:id/files',
    {
      schema: {
        ...R,
        summary: "The result's Parquet files (read them directly with DuckDB, pandas or Spark)",
        params: ZId,
        response: { 200: ZResultFiles },
      },
    },
    (req) => resultsService.resultFiles(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/results/:id/confidence',
    {
      schema: {
        ...R,
        summary:
          'Compute per-field confidence; answers the Result with its confidence (score, bucket, fields)',
        params: ZId,
        response: { 200: ZResultWithConfidence },
      },
    },
    (req) => resultsService.computeConfidence(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/results/:id/manifest',
    {
      schema: {
        ...R,
        summary: 'Manifest items: property, dependencies, lookups',
        params: ZId,
        querystring: ZPageQuery.extend({ include: z.string().max(200).optional() }),
      },
    },
    (req) => resultsService.resultManifest(ctx, principalOf(req), req.params.id, req.query),
  );
  await app.register(codeRoutes);
}

/** Result downloads (JSON, JSONL, CSV, XLSX) and the bulk download of many pipelines as one zip. */
export async function downloadRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  r.get(
    '/results/:id/download',
    {
      schema: {
        tags: ['results'],
        summary: 'Download mapped records, streamed (CSV and XLSX are formula-injection safe)',
        params: ZId,
        querystring: z.object({
          format: z.enum(DOWNLOAD_FORMATS).default('json'),
          /** failed: the quarantine; dropped: records that lost a value (valid ones too), each with its line, source and why */
          records: z.enum(['all', 'valid', 'failed', 'dropped']).default('all'),
        }),
      },
    },
    async (req, reply) => {
      const { r: result } = await resultsService.findResult(ctx, principalOf(req).orgId, req.params.id);
      const { format, records } = req.query;
      const body = streamOf(
        (out) => writeResult(ctx, result, format, records, out),
        (err) => req.log.error({ err }, 'download failed'),
      );
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="result-${result.id.slice(0, 8)}${records === 'all' ? '' : `-${records}`}.${format}"`,
        )
        .send(body);
    },
  );
  r.post(
    '/results/:id/cancel',
    {
      schema: {
        tags: ['results'],
        summary: 'Cancel a queued or running run; records already written stay readable',
        params: ZId,
        response: { 200: ZResult },
      },
    },
    (req) => resultsService.cancelResult(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/results/:id/retry_failed',
    {
      schema: {
        tags: ['results'],
        summary: 'Run only the records that failed, as a new job (after a fix)',
        params: ZId,
      },
    },
    (req) => jobsService.retryFailed(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/pipelines/:id/dry_run',
    {
      schema: {
        tags: ['pipelines'],
        summary: "What a draft mapper would change on the last jobs' inputs, against the deployed one",
        params: ZId,
        body: z.object({
          spec: z.record(z.string(), z.unknown()),
          last_jobs: z.number().int().min(1).max(20).default(3),
        }),
      },
    },
    (req) => dryRun(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/pipelines/bulk-download',
    {
      schema: {
        tags: ['pipelines'],
        summary:
          'Definitions and latest results of many pipelines as one streamed zip; the x-bulk-report header lists which succeeded',
        body: z.object({ pipeline_ids: z.array(z.uuid()).min(1).max(500) }),
      },
    },
    async (req, reply) => {
      const planned = await planBulkDownload(ctx, principalOf(req), [...new Set(req.body.pipeline_ids)]);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', 'attachment; filename="pipelines.zip"')
        .header('x-bulk-report', encodeURIComponent(JSON.stringify(planned.report)))
        .header('access-control-expose-headers', 'x-bulk-report')
        .send(streamBulkZip(ctx, planned));
    },
  );
}
