import {
  ZCreateJoinRequest,
  ZJoin,
  ZJoinInputList,
  ZJoinListQuery,
  ZJoinNode,
  ZJoinPage,
  ZJoinPreview,
  ZJoinPreviewRequest,
  ZJoinRowPage,
  ZJoinRowsQuery,
  ZJoinRun,
  ZJoinSuggestions,
  ZUpdateJoinRequest,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as joins from './joins.service.ts';

const ZId = z.object({ id: z.uuid() });

export async function joinsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['joins'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/joins',
    {
      schema: {
        tags,
        summary: 'Data joins, newest first',
        querystring: ZJoinListQuery,
        response: { 200: ZJoinPage },
      },
    },
    (req) => joins.listJoins(app.ctx, principalOf(req), req.query),
  );
  r.get(
    '/join-inputs',
    { schema: { tags, summary: 'Datasets a join can read', response: { 200: ZJoinInputList } } },
    (req) => joins.listInputs(app.ctx, principalOf(req)),
  );
  r.post(
    '/joins',
    {
      schema: {
        tags,
        summary: 'Create a join of two datasets',
        body: ZCreateJoinRequest,
        response: { 201: ZJoin },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await joins.createJoin(app.ctx, principalOf(req), req.body as never)),
  );
  r.get('/joins/:id', { schema: { tags, summary: 'A join', params: ZId, response: { 200: ZJoin } } }, (req) =>
    joins.getJoin(app.ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/joins/:id',
    {
      schema: {
        tags,
        summary: 'Change a join',
        params: ZId,
        body: ZUpdateJoinRequest,
        response: { 200: ZJoin },
      },
    },
    (req) => joins.updateJoin(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/joins/:id',
    { schema: { tags, summary: 'Delete a join and its runs', params: ZId } },
    async (req, reply) => {
      await joins.deleteJoin(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/joins/:id/suggestions',
    {
      schema: {
        tags,
        summary: 'Suggested join keys with expected match rates',
        params: ZId,
        response: { 200: ZJoinSuggestions },
      },
    },
    (req) => joins.suggestKeys(app.ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/joins/:id/preview',
    {
      schema: {
        tags,
        summary: 'The join on a sample: counts, score histogram, pairs near the threshold',
        params: ZId,
        body: ZJoinPreviewRequest,
        response: { 200: ZJoinPreview },
      },
    },
    (req) => joins.previewJoin(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.get(
    '/joins/:id/nodes/:side',
    {
      schema: {
        tags,
        summary: 'One side of a join: its dataset, columns and keys',
        params: z.object({ id: z.uuid(), side: z.enum(['left', 'right']) }),
        response: { 200: ZJoinNode },
      },
    },
    (req) => joins.joinNode(app.ctx, principalOf(req), req.params.id, req.params.side),
  );
  r.post(
    '/joins/:id/runs',
    {
      schema: {
        tags,
        summary: 'Run the join over the whole data (a background task)',
        params: ZId,
        response: { 201: ZJoinRun },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await joins.startRun(app.ctx, principalOf(req), req.params.id)),
  );
  r.get(
    '/join-runs/:id',
    {
      schema: {
        tags,
        summary: 'A join run with progress and counts',
        params: ZId,
        response: { 200: ZJoinRun },
      },
    },
    (req) => joins.getRun(app.ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/join-runs/:id/cancel',
    { schema: { tags, summary: 'Cancel a join run', params: ZId, response: { 200: ZJoinRun } } },
    (req) => joins.cancelRun(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/join-runs/:id/rows',
    {
      schema: {
        tags,
        summary: "A page of a run's joined rows (score and match side last)",
        params: ZId,
        querystring: ZJoinRowsQuery,
        response: { 200: ZJoinRowPage },
      },
    },
    (req) => joins.runRows(app.ctx, principalOf(req), req.params.id, req.query),
  );
}
