import {
  ZPageQuery,
  ZResult,
  ZResultPage,
  ZTargetSchemaRunRequest,
  ZWorkshop,
  ZWorkshopPage,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { listResults } from './results.service.ts';
import { workshopEditRoutes } from './workshop-edits.routes.ts';
import * as svc from './workshops.service.ts';

const ZId = z.object({ id: z.uuid() });

/** Workshops: editing sessions on a pipeline's mapper (api-pipelines.md). */
export async function workshopsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  // also covers the edit routes registered below: another org's workshop is 404 before a bad body is 422
  const W = { tags: ['workshops'] };

  r.get(
    '/pipelines/:id/workshops',
    {
      schema: {
        ...W,
        summary: "A pipeline's workshops",
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZWorkshopPage },
      },
    },
    (req) => svc.listWorkshops(ctx, principalOf(req), { pipelineId: req.params.id }, req.query),
  );
  r.post(
    '/pipelines/:id/workshops',
    {
      schema: {
        ...W,
        summary: "Open a workshop on the pipeline's latest job",
        params: ZId,
        response: { 201: ZWorkshop },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await svc.openWorkshop(ctx, principalOf(req), { pipelineId: req.params.id })),
  );
  r.get(
    '/jobs/:id/workshops',
    {
      schema: {
        ...W,
        summary: "A job's workshops",
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZWorkshopPage },
      },
    },
    (req) => svc.listWorkshops(ctx, principalOf(req), { jobId: req.params.id }, req.query),
  );
  r.post(
    '/jobs/:id/workshops',
    { schema: { ...W, summary: 'Open a workshop on this job', params: ZId, response: { 201: ZWorkshop } } },
    async (req, reply) =>
      reply.code(201).send(await svc.openWorkshop(ctx, principalOf(req), { jobId: req.params.id })),
  );
  r.get(
    '/workshops',
    {
      schema: {
        ...W,
        summary: 'Workshops, newest first',
        querystring: ZPageQuery,
        response: { 200: ZWorkshopPage },
      },
    },
    (req) => svc.listWorkshops(ctx, principalOf(req), {}, req.query),
  );
  r.get(
    '/workshops/:id',
    { schema: { ...W, summary: 'A workshop', params: ZId, response: { 200: ZWorkshop } } },
    (req) => svc.getWorkshop(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/workshops/:id/draft',
    { schema: { ...W, summary: "The workshop's draft mapper and target schema", params: ZId } },
    (req) => svc.workshopDraft(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/workshops/:id/target_schema',
    { schema: { ...W, summary: "The target schema the workshop's draft runs against", params: ZId } },
    (req) => svc.workshopTargetSchema(ctx, principalOf(req), req.params.id),
  );
  r.delete(
    '/workshops/:id',
    { schema: { ...W, summary: 'Delete a workshop', params: ZId } },
    async (req, reply) => {
      await svc.deleteWorkshop(ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/workshops/:id/results',
    {
      schema: {
        ...W,
        summary: "Results of the workshop's runs",
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZResultPage },
      },
    },
    async (req) => {
      await svc.findWorkshop(ctx, principalOf(req).orgId, req.params.id);
      return listResults(ctx, principalOf(req), { workshopId: req.params.id }, req.query);
    },
  );
  r.post(
    '/workshops/:id/target_schema/run',
    {
      schema: {
        ...W,
        summary: 'Schema edit, then re-run',
        params: ZId,
        body: ZTargetSchemaRunRequest,
        response: { 200: ZResult },
      },
    },
    (req) => svc.targetSchemaRun(ctx, principalOf(req), req.params.id, req.body.target_schema, req.body),
  );
  r.post(
    '/workshops/:id/deploy',
    { schema: { ...W, summary: "Deploy the workshop's mapper as the pipeline's next version", params: ZId } },
    (req) => svc.deployWorkshop(ctx, principalOf(req), req.params.id),
  );
  await app.register(workshopEditRoutes);
}
