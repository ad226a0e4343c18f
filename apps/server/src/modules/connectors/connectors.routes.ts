import { Readable } from 'node:stream';
import {
  atLeastOne,
  ZConnection,
  ZConnectionCheck,
  ZConnectionList,
  ZConnectionListQuery,
  ZConnectorList,
  ZCreateConnectionRequest,
  ZCreateSyncRequest,
  ZErrorDetail,
  ZImport,
  ZPageQuery,
  ZStreamImportRequest,
  ZStreamList,
  ZSync,
  ZSyncList,
  ZSyncListQuery,
  ZSyncRejectedPage,
  ZSyncRun,
  ZSyncRunList,
  ZTestConnectionRequest,
  ZUpdateConnectionRequest,
  ZUpdateSyncRequest,
  ZValidationError,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as connections from './connections.service.ts';
import { importStream } from './stream-import.service.ts';
import * as syncs from './syncs.service.ts';

const ZId = z.object({ id: z.uuid() });
const errors = { 404: ZErrorDetail, 409: ZErrorDetail, 422: ZValidationError };

/** The connector catalogue, connections (issue 15) and syncs. */
export async function connectorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['connectors'];

  r.get(
    '/connectors',
    {
      schema: {
        tags,
        summary: 'Connector catalogue: spec (settings JSON Schema), icon, roles',
        response: { 200: ZConnectorList },
      },
    },
    (req) => connections.catalogue(ctx, principalOf(req).orgId),
  );
  r.get(
    '/connections',
    {
      schema: {
        tags,
        summary: 'Connections, newest first, with the last sync run touching each',
        querystring: ZConnectionListQuery,
        response: { 200: ZConnectionList },
      },
    },
    (req) => connections.listConnections(ctx, principalOf(req), req.query),
  );
  r.post(
    '/connections',
    {
      schema: {
        tags,
        summary: 'Create a connection (secret fields stored encrypted, never returned)',
        body: ZCreateConnectionRequest,
        response: { 201: ZConnection, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await connections.createConnection(ctx, principalOf(req), req.body)),
  );
  r.post(
    '/connections/test',
    {
      schema: {
        tags,
        summary: 'Test unsaved settings (a failure names the setting at fault)',
        body: ZTestConnectionRequest,
        response: { 200: ZConnectionCheck, ...errors },
      },
    },
    (req) => connections.testSettings(ctx, principalOf(req), req.body),
  );
  r.get(
    '/connections/:id',
    { schema: { tags, params: ZId, response: { 200: ZConnection, ...errors } } },
    (req) => connections.getConnection(ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/connections/:id',
    {
      schema: {
        tags,
        summary: 'Rename or change settings (secret fields left out keep their value)',
        params: ZId,
        body: atLeastOne(ZUpdateConnectionRequest),
        response: { 200: ZConnection, ...errors },
      },
    },
    (req) => connections.updateConnection(ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/connections/:id',
    { schema: { tags, params: ZId, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await connections.deleteConnection(ctx, principalOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/connections/:id/check',
    {
      schema: {
        tags,
        summary: 'Check a saved connection (the result is kept on it)',
        params: ZId,
        response: { 200: ZConnectionCheck, ...errors },
      },
    },
    (req) => connections.checkConnection(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/connections/:id/streams',
    {
      schema: {
        tags,
        summary: 'Discover streams, with a few sample records each',
        params: ZId,
        response: { 200: ZStreamList, ...errors },
      },
    },
    (req) => connections.listStreams(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/connections/:id/streams/import',
    {
      schema: {
        tags,
        summary: 'Use a stream as a pipeline input: read it in full into a file and an import',
        params: ZId,
        body: ZStreamImportRequest,
        response: { 201: ZImport, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await importStream(ctx, principalOf(req), req.params.id, req.body)),
  );

  r.get('/syncs', { schema: { tags, querystring: ZSyncListQuery, response: { 200: ZSyncList } } }, (req) =>
    syncs.listSyncs(ctx, principalOf(req), req.query),
  );
  r.post(
    '/syncs',
    {
      schema: {
        tags,
        summary: 'Create a sync (streams are checked against discovery)',
        body: ZCreateSyncRequest,
        response: { 201: ZSync, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await syncs.createSync(ctx, principalOf(req), req.body)),
  );
  r.get('/syncs/:id', { schema: { tags, params: ZId, response: { 200: ZSync, ...errors } } }, (req) =>
    syncs.getSync(ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/syncs/:id',
    {
      schema: {
        tags,
        params: ZId,
        body: atLeastOne(ZUpdateSyncRequest),
        response: { 200: ZSync, ...errors },
      },
    },
    (req) => syncs.updateSync(ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/syncs/:id',
    { schema: { tags, params: ZId, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await syncs.deleteSync(ctx, principalOf(req), req.params.id);
      return reply.code(204).send(null);
    },
  );
  r.post(
    '/syncs/:id/runs',
    {
      schema: {
        tags,
        summary: 'Run the sync now (a durable task)',
        params: ZId,
        response: { 202: ZSyncRun, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await syncs.runNow(ctx, principalOf(req), req.params.id)),
  );
  r.get(
    '/syncs/:id/runs',
    {
      schema: {
        tags,
        summary: 'Run history, newest first',
        params: ZId,
        response: { 200: ZSyncRunList, ...errors },
      },
    },
    (req) => syncs.listRuns(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/syncs/:id/runs/:runId/cancel',
    { schema: { tags, params: ZId.extend({ runId: z.uuid() }), response: { 200: ZSyncRun, ...errors } } },
    (req) => syncs.cancelRun(ctx, principalOf(req), req.params.id, req.params.runId),
  );
  r.get(
    '/syncs/:id/runs/:runId/rejected',
    {
      schema: {
        tags,
        summary: "Every record the run's pipeline rejected, with its errors, paged",
        params: ZId.extend({ runId: z.uuid() }),
        querystring: ZPageQuery,
        response: { 200: ZSyncRejectedPage, ...errors },
      },
    },
    (req) => syncs.listRejected(ctx, principalOf(req), req.params.id, req.params.runId, req.query),
  );
  r.get(
    '/syncs/:id/runs/:runId/rejected.jsonl',
    {
      schema: {
        tags,
        summary: 'The rejected records as JSON lines ({record, errors} a line)',
        params: ZId.extend({ runId: z.uuid() }),
      },
    },
    async (req, reply) => {
      const out = await syncs.rejectedDownload(ctx, principalOf(req), req.params.id, req.params.runId);
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${out.name}"`)
        .send(Readable.from(out.lines));
    },
  );
}
