import {
  ZCreateImportRequest,
  ZImport,
  ZImportDuplicates,
  ZImportListQuery,
  ZImportPage,
  ZImportProblemPage,
  ZImportRowPage,
  ZImportRowsQuery,
  ZImportSheets,
  ZImportSheetsQuery,
  ZImportValues,
  ZImportValuesQuery,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { CONVERT_LIMITS, convertRequestOf, convertSheets } from './convert.ts';
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
    '/imports/sheets',
    {
      schema: {
        tags,
        summary: "A file version's sheets with their rows (an Excel workbook's; none for other formats)",
        querystring: ZImportSheetsQuery,
        response: { 200: ZImportSheets },
      },
    },
    (req) => importsService.importSheets(app.ctx, principalOf(req), req.query),
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

/** `POST /convert/sheets` (the Lume SDK's Excel to JSON helper): nothing is stored. */
export async function convertRoutes(app: FastifyInstance) {
  app.addHook('onRequest', app.authenticate);
  app.post(
    '/convert/sheets',
    {
      // the JSON form carries the file as a binary string: room for its escapes
      bodyLimit: CONVERT_LIMITS.maxBytes * 3,
      // the file's bytes may hold NUL: exempt from the request-text rule (plugins/request-text.ts)
      config: { binaryFields: ['file'] },
      schema: {
        tags: ['imports'],
        summary: 'Convert an .xlsx, .csv or .tsv file to JSON records, sheet by sheet (nothing is stored)',
        description: `Multipart (part "file", fields "name" and "sheets" comma-separated) or JSON {file: binary string, encoding?: "binary"|"base64", name, sheets?: [names]}. Answers {name, sheets: [{name, records, problems}]}: every sheet, or the ones named. At most ${CONVERT_LIMITS.maxBytes / 1024 / 1024} MiB and ${CONVERT_LIMITS.maxRecords} records; larger files go through POST /files and /imports. A file that cannot be read is a 422 with the reason.`,
        consumes: ['multipart/form-data', 'application/json'],
      },
    },
    async (req) => {
      const { file, sheets } = await convertRequestOf(req);
      return convertSheets(file, sheets);
    },
  );
}
