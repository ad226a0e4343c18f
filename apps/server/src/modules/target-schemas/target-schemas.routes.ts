import {
  ZCheckValuesRequest,
  ZCheckValuesResponse,
  ZCreateTargetSchemaRequest,
  ZInferTargetSchemaRequest,
  ZJsonSchema,
  ZTargetSchema,
  ZTargetSchemaDiff,
  ZTargetSchemaListQuery,
  ZTargetSchemaPage,
  ZTargetSchemaVersionList,
  ZUpdateTargetSchemaRequest,
} from '@mapwright/contracts';
import { type JsonSchema, listTargetFields } from '@mapwright/engine';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as svc from './target-schemas.service.ts';

const ZId = z.object({ id: z.uuid() });

/** The target-schemas calls of api-pipelines.md, plus versions, diff and inference. */
export async function targetSchemasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['target schemas'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/target_schemas',
    {
      schema: {
        tags,
        summary: 'Target schemas; `name` and `id` filter',
        querystring: ZTargetSchemaListQuery,
        response: { 200: ZTargetSchemaPage },
      },
    },
    (req) => svc.listSchemas(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/target_schemas',
    {
      schema: {
        tags,
        summary: 'Create a target schema',
        body: ZCreateTargetSchemaRequest,
        response: { 201: ZTargetSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await svc.createSchema(app.ctx, principalOf(req), req.body)),
  );
  r.post(
    '/target_schemas/check_values',
    {
      schema: {
        tags,
        summary: "Which values one field's rules accept, with the run's own messages for the others",
        body: ZCheckValuesRequest,
        response: { 200: ZCheckValuesResponse },
      },
    },
    (req) => svc.checkValues(req.body),
  );
  r.post(
    '/target_schemas/infer',
    {
      schema: {
        tags,
        summary: "Propose a schema from an import's rows or sample records",
        body: ZInferTargetSchemaRequest,
        response: { 200: z.object({ id: z.uuid().nullable(), name: z.string(), schema: ZJsonSchema }) },
      },
    },
    (req) => svc.inferSchema(app.ctx, principalOf(req), req.body),
  );
  r.get(
    '/target_schemas/:id',
    { schema: { tags, summary: 'A target schema', params: ZId, response: { 200: ZTargetSchema } } },
    (req) => svc.getSchema(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/target_schemas/:id/object',
    { schema: { tags, summary: 'A target schema with its fields listed', params: ZId } },
    async (req) => {
      const s = await svc.getSchema(app.ctx, principalOf(req), req.params.id);
      return { ...s, fields: listTargetFields(s.schema as JsonSchema) };
    },
  );
  r.put(
    '/target_schemas/:id/update',
    {
      schema: {
        tags,
        summary: 'Replace the schema (a new version)',
        params: ZId,
        body: ZUpdateTargetSchemaRequest,
        response: { 200: ZTargetSchema },
      },
    },
    (req) => svc.updateSchema(app.ctx, principalOf(req), req.params.id, req.body.schema),
  );
  r.delete(
    '/target_schemas/:id',
    { schema: { tags, summary: 'Delete a target schema', params: ZId } },
    async (req, reply) => {
      await svc.deleteSchema(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/target_schemas/:id/usage',
    {
      schema: {
        tags,
        summary: "Which pipelines feed each of the schema's fields, from which sources",
        params: ZId,
      },
    },
    (req) => svc.schemaUsage(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/target_schemas/:id/versions',
    {
      schema: {
        tags,
        summary: 'Every version, newest first',
        params: ZId,
        response: { 200: ZTargetSchemaVersionList },
      },
    },
    (req) => svc.listVersions(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/target_schemas/:id/diff',
    {
      schema: {
        tags,
        summary: 'Field-by-field changes between two versions',
        params: ZId,
        querystring: z.object({ from: z.coerce.number().int().min(1), to: z.coerce.number().int().min(1) }),
        response: { 200: ZTargetSchemaDiff },
      },
    },
    (req) => svc.diffVersions(app.ctx, principalOf(req), req.params.id, req.query.from, req.query.to),
  );
}
