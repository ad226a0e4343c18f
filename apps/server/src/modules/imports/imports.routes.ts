import {
  ZCreateImportRequest,
  ZImport,
  ZImportDuplicates,
  ZImportListQuery,
  ZImportPage,
  ZImportProblemPage,
  ZImportRowPage,
  ZImportRowsQuery,
  ZImportValues,
  ZImportValuesQuery,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as importsService from './imports.service.ts';

const ZId = z.object({ id: z.uuid() });

export async function importsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['imports'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/imports',
    {
      schema: {
        tags,
        summary: 'Imports, newest first',
        querystring: ZImportListQuery,
        response: { 200: ZImportPage },
      },
    },
    (req) => importsService.listImports(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/imports',
    {
      schema: {
        tags,
        summary: 'Import a file version into a dataset (runs in the background; poll the import)',
        body: ZCreateImportRequest,
        response: { 201: ZImport },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await importsService.createImport(app.ctx, principalOf(req), req.body)),
  );
  r.get(
    '/imports/:id',
    {
      schema: {
        tags,
        summary: 'An import with progress, column types and counts',
        params: ZId,
        response: { 200: ZImport },
      },
    },
    (req) => importsService.getImport(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/imports/:id/rows',
    {
      schema: {
        tags,
        summary: 'A page of the imported rows',
        params: ZId,
        querystring: ZImportRowsQuery,
        response: { 200: ZImportRowPage },
      },
    },
    (req) => importsService.importRows(app.ctx, principalOf(req), req.params.id, req.query),
  );
  r.get(
    '/imports/:id/problems',
    {
      schema: {
        tags,
        summary: 'Rows that could not be imported, with line and reason',
        params: ZId,
        querystring: ZImportRowsQuery,
        response: { 200: ZImportProblemPage },
      },
    },
    (req) => importsService.importProblemsPage(app.ctx, principalOf(req), req.params.id, req.query),
  );
  r.get(
    '/imports/:id/values',
    {
      schema: {
        tags,
        summary: "A column's values with their counts over every row, most frequent first (searchable)",
        params: ZId,
        querystring: ZImportValuesQuery,
        response: { 200: ZImportValues },
      },
    },
    (req) => importsService.importValues(app.ctx, principalOf(req), req.params.id, req.query),
  );
  r.get(
    '/imports/:id/duplicates',
    {
      schema: {
        tags,
        summary: 'Rows that repeat an earlier row exactly, with the source lines of the largest groups',
        params: ZId,
        response: { 200: ZImportDuplicates },
      },
    },
    (req) => importsService.importDuplicates(app.ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/imports/:id/cancel',
    {
      schema: { tags, summary: 'Cancel a queued or running import', params: ZId, response: { 200: ZImport } },
    },
    (req) => importsService.cancelImport(app.ctx, principalOf(req), req.params.id),
  );
  r.delete(
    '/imports/:id',
    { schema: { tags, summary: 'Delete an import and its dataset', params: ZId } },
    async (req, reply) => {
      await importsService.deleteImport(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
