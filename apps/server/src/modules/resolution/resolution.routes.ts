import {
  ZAddRecordsRequest,
  ZCreateResolutionRequest,
  ZGoldenPage,
  ZLabelRequest,
  ZOverrideRequest,
  ZPageQuery,
  ZProposal,
  ZProposeRequest,
  ZResolution,
  ZResolutionPage,
  ZResolutionPairs,
  ZSurvivorshipRequest,
  ZUpdateResolutionRequest,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as golden from './golden.service.ts';
import * as service from './resolution.service.ts';

const ZId = z.object({ id: z.uuid() });

export async function resolutionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['entity resolution'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/resolutions',
    {
      schema: {
        tags,
        summary: 'Entity resolutions, newest first',
        querystring: ZPageQuery,
        response: { 200: ZResolutionPage },
      },
    },
    (req) => service.listResolutions(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/resolutions',
    {
      schema: {
        tags,
        summary: 'Dedupe an import (or link two): runs as a background task',
        body: ZCreateResolutionRequest,
        response: { 201: ZResolution },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.createResolution(app.ctx, principalOf(req), req.body)),
  );
  r.post(
    '/resolutions/propose',
    {
      schema: {
        tags,
        summary: 'Propose column roles and blocking rules (with their pair counts) for an import',
        body: ZProposeRequest,
        response: { 200: ZProposal },
      },
    },
    (req) => service.proposeResolution(app.ctx, principalOf(req), req.body),
  );
  r.get(
    '/resolutions/:id',
    {
      schema: { tags, summary: 'A resolution with its summary', params: ZId, response: { 200: ZResolution } },
    },
    (req) => service.getResolution(app.ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/resolutions/:id/run',
    {
      schema: {
        tags,
        summary: 'Run again with the labels so far (and a new threshold or rules)',
        params: ZId,
        body: ZUpdateResolutionRequest,
        response: { 200: ZResolution },
      },
    },
    (req) => service.rerunResolution(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.get(
    '/resolutions/:id/pairs',
    {
      schema: {
        tags,
        summary: 'The review queue: most uncertain pairs first, with per-field weights',
        params: ZId,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: { 200: ZResolutionPairs },
      },
    },
    (req) => service.reviewQueue(app.ctx, principalOf(req), req.params.id, req.query.limit),
  );
  r.get(
    '/resolutions/:id/records',
    {
      schema: {
        tags,
        summary: 'The resolved records, each with its cluster_id',
        params: ZId,
        querystring: z.object({
          from: z.coerce.number().int().min(0).default(0),
          size: z.coerce.number().int().min(1).max(1000).default(100),
        }),
      },
    },
    (req) =>
      service.resolvedRecords(app.ctx, principalOf(req), req.params.id, req.query.from, req.query.size),
  );
  r.put(
    '/resolutions/:id/labels',
    { schema: { tags, summary: 'Decide a pair: yes / no / skip', params: ZId, body: ZLabelRequest } },
    async (req, reply) => {
      await service.labelPair(app.ctx, principalOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
  );
  r.get(
    '/resolutions/:id/golden',
    {
      schema: {
        tags,
        summary: 'Golden records: one per entity, each value by its survivorship rule or a person',
        params: ZId,
        querystring: ZPageQuery,
        response: { 200: ZGoldenPage },
      },
    },
    (req) => golden.goldenPage(app.ctx, principalOf(req), req.params.id, req.query.page, req.query.size),
  );
  r.put(
    '/resolutions/:id/golden/rules',
    {
      schema: {
        tags,
        summary: 'Set survivorship rules per field; the golden records dataset is rewritten',
        params: ZId,
        body: ZSurvivorshipRequest,
      },
    },
    async (req, reply) => {
      await golden.setSurvivorship(app.ctx, principalOf(req), req.params.id, req.body.rules);
      return reply.code(204).send();
    },
  );
  r.put(
    '/resolutions/:id/golden/overrides',
    {
      schema: {
        tags,
        summary: "Choose an entity's value for a field (kept across re-runs); the dataset is rewritten",
        params: ZId,
        body: ZOverrideRequest,
      },
    },
    async (req, reply) => {
      await golden.overrideValue(app.ctx, principalOf(req), req.params.id, req.body);
      return reply.code(204).send();
    },
  );
  r.get(
    '/resolutions/:id/golden.csv',
    { schema: { tags, summary: 'The golden records as CSV', params: ZId } },
    async (req, reply) => {
      const out = await golden.goldenCsv(app.ctx, principalOf(req), req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.name}"`)
        .send(out.csv);
    },
  );
  r.post(
    '/resolutions/:id/records',
    {
      schema: {
        tags,
        summary: 'Add new records (of an import or another input) to a dedupe, scored against its clusters',
        params: ZId,
        body: ZAddRecordsRequest,
        response: { 200: ZResolution },
      },
    },
    (req) => service.addRecords(app.ctx, principalOf(req), req.params.id, req.body),
  );
}
