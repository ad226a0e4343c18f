import {
  ZErrorDetail,
  ZValidationError,
  ZValueMapApplyRequest,
  ZValueMapExportRequest,
  ZValueMapSuggestion,
  ZValueMapSuggestRequest,
  ZValueTable,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FieldError } from '../../lib/errors.ts';
import { principalOf } from '../../plugins/auth.ts';
import { applyValueMap, suggestValueMap } from './value-maps.service.ts';
import { readValueTables, writeValueTable } from './workbook.ts';

const ZId = z.object({ id: z.uuid() });
const MAX_WORKBOOK = 10 * 1024 * 1024;

/** The Excel value-mapper: suggestions per seen source value, apply as a lookup, workbook in and out. */
export async function valueMapsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['value mapper'];

  r.post(
    '/pipelines/:id/value-map/suggest',
    {
      schema: {
        tags,
        summary:
          "Every source value the pipeline's jobs have seen for a field, with the engine's target value",
        params: ZId,
        body: ZValueMapSuggestRequest,
        response: { 200: ZValueMapSuggestion, 409: ZErrorDetail, 422: ZValidationError },
      },
    },
    (req) => suggestValueMap(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/pipelines/:id/value-map/apply',
    {
      schema: {
        tags,
        summary: "The table becomes the field's lookup in a new, deployed mapper version",
        params: ZId,
        body: ZValueMapApplyRequest,
        response: {
          200: z.object({ mapper_version: z.number().int() }),
          409: ZErrorDetail,
          422: ZValidationError,
        },
      },
    },
    (req) => applyValueMap(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/value-maps/workbook',
    {
      schema: {
        tags,
        summary:
          'Read the value tables of an uploaded .xlsx (multipart `file`): one per sheet or per `field` column',
        response: { 200: z.object({ tables: z.array(ZValueTable) }), 422: ZValidationError },
      },
    },
    async (req) => {
      const part = await req.file({ limits: { fileSize: MAX_WORKBOOK } });
      if (!part) throw new FieldError(['body', 'file'], 'Field required', 'missing');
      const bytes = await part.toBuffer();
      return { tables: await readValueTables(bytes) };
    },
  );
  r.post(
    '/value-maps/export',
    {
      schema: { tags, summary: 'A value table as an .xlsx download', body: ZValueMapExportRequest },
    },
    async (req, reply) => {
      const bytes = await writeValueTable(req.body.field, req.body.rows);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="value-map.xlsx"')
        .send(bytes);
    },
  );
}
