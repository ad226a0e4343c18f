import { PassThrough } from 'node:stream';
import {
  ZAddCommentRequest,
  ZAddTabRequest,
  ZCellEditLog,
  ZCellEditsRequest,
  ZCreateShareRequest,
  ZCreateWorkbookRequest,
  ZFieldKeyParams,
  ZFieldSheet,
  ZGridPage,
  ZGridQuery,
  ZSetReviewRequest,
  ZShare,
  ZShareList,
  ZTabParams,
  ZUpdateWorkbookRequest,
  ZWorkbook,
  ZWorkbookListQuery,
  ZWorkbookPage,
  ZWorkbookTab,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertCanWrite, principalOf } from '../../plugins/auth.ts';
import { assertSheetField, fieldSheet } from './field-sheet.ts';
import * as shares from './shares.service.ts';
import * as tabs from './tabs.service.ts';
import * as wb from './workbooks.service.ts';

const ZId = z.object({ id: z.uuid() });
export const EXPORT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** A stream the reply sends while `fill` writes into it; an error ends it. */
export function streamOf(fill: (out: PassThrough) => Promise<void>, onError: (err: unknown) => void) {
  const out = new PassThrough();
  fill(out).catch((err) => {
    onError(err);
    out.destroy(err as Error);
  });
  return out;
}

export async function workbooksRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['workbooks'];
  const ctx = app.ctx;
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/workbooks',
    {
      schema: {
        tags,
        summary: "The organization's workbooks, latest first",
        querystring: ZWorkbookListQuery,
        response: { 200: ZWorkbookPage },
      },
    },
    (req) => wb.listWorkbooks(ctx, principalOf(req), req.query),
  );
  r.get(
    '/workbooks/latest',
    {
      schema: {
        tags,
        summary: 'The most recently changed workbook (null when there is none)',
        response: { 200: ZWorkbook.nullable() },
      },
    },
    (req) => wb.latestWorkbook(ctx, principalOf(req)),
  );
  r.post(
    '/workbooks',
    {
      schema: {
        tags,
        summary: "A workbook for a project (the next version after the project's latest)",
        body: ZCreateWorkbookRequest,
        response: { 201: ZWorkbook },
      },
    },
    async (req, reply) => reply.code(201).send(await wb.createWorkbook(ctx, principalOf(req), req.body)),
  );
  r.get(
    '/workbooks/:id',
    { schema: { tags, summary: 'A workbook', params: ZId, response: { 200: ZWorkbook } } },
    (req) => wb.getWorkbook(ctx, principalOf(req), req.params.id),
  );
  r.patch(
    '/workbooks/:id',
    {
      schema: {
        tags,
        summary: 'Rename a workbook',
        params: ZId,
        body: ZUpdateWorkbookRequest,
        response: { 200: ZWorkbook },
      },
    },
    (req) => wb.renameWorkbook(ctx, principalOf(req), req.params.id, req.body.name),
  );
  r.delete(
    '/workbooks/:id',
    { schema: { tags, summary: 'Delete a workbook version', params: ZId } },
    async (req, reply) => {
      await wb.deleteWorkbook(ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/workbooks/:id/versions',
    {
      schema: {
        tags,
        summary: 'A new version, carrying tabs, review statuses and comments over',
        params: ZId,
        response: { 201: ZWorkbook },
      },
    },
    async (req, reply) => reply.code(201).send(await wb.newVersion(ctx, principalOf(req), req.params.id)),
  );

  // ── field sheet ──
  r.get(
    '/workbooks/:id/fields',
    {
      schema: {
        tags,
        summary: 'The field sheet: every target field of the project with mapping, review and run status',
        params: ZId,
        response: { 200: ZFieldSheet },
      },
    },
    (req) => fieldSheet(ctx, principalOf(req), req.params.id),
  );
  r.put(
    '/workbooks/:id/fields/:key/review',
    {
      schema: {
        tags,
        summary: "Set a field's review status",
        params: ZFieldKeyParams,
        body: ZSetReviewRequest,
      },
    },
    async (req) => {
      const p = principalOf(req);
      assertCanWrite(p);
      await assertSheetField(ctx, p, req.params.id, req.params.key);
      return wb.writeReview(ctx, req.params.id, req.params.key, req.body.status, await wb.memberName(ctx, p));
    },
  );
  r.get(
    '/workbooks/:id/fields/:key/comments',
    { schema: { tags, summary: "A field's comment thread", params: ZFieldKeyParams } },
    async (req) => {
      await wb.findWorkbook(ctx, principalOf(req).orgId, req.params.id);
      return wb.fieldComments(ctx, req.params.id, req.params.key);
    },
  );
  r.post(
    '/workbooks/:id/fields/:key/comments',
    { schema: { tags, summary: 'Comment on a field', params: ZFieldKeyParams, body: ZAddCommentRequest } },
    async (req, reply) => {
      const p = principalOf(req);
      assertCanWrite(p);
      await assertSheetField(ctx, p, req.params.id, req.params.key);
      const c = await wb.writeComment(ctx, req.params.id, req.params.key, {
        userId: p.userId,
        author: await wb.memberName(ctx, p),
        customer: false,
        body: req.body.body,
      });
      return reply.code(201).send(c);
    },
  );

  // ── dataset tabs ──
  r.post(
    '/workbooks/:id/tabs',
    {
      schema: {
        tags,
        summary: 'Add a dataset tab (an import, a run result, or any dataset by id)',
        params: ZId,
        body: ZAddTabRequest,
        response: { 201: ZWorkbookTab },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await tabs.addTab(ctx, principalOf(req), req.params.id, req.body)),
  );
  r.delete(
    '/workbooks/:id/tabs/:tab',
    { schema: { tags, summary: 'Remove a tab', params: ZTabParams } },
    async (req, reply) => {
      await tabs.removeTab(ctx, principalOf(req), req.params.id, req.params.tab);
      return reply.code(204).send();
    },
  );
  r.get(
    '/workbooks/:id/tabs/:tab/rows',
    {
      schema: {
        tags,
        summary: 'A page of a tab: row range, server-side sort and filter, edits applied',
        params: ZTabParams,
        querystring: ZGridQuery,
        response: { 200: ZGridPage },
      },
    },
    (req) => tabs.tabPage(ctx, principalOf(req), req.params.id, req.params.tab, req.query),
  );
  r.post(
    '/workbooks/:id/tabs/:tab/edits',
    {
      schema: {
        tags,
        summary: 'Edit cells (one undoable batch); a value that breaks its column type is refused',
        params: ZTabParams,
        body: ZCellEditsRequest,
      },
    },
    (req) => tabs.editCells(ctx, principalOf(req), req.params.id, req.params.tab, req.body.edits),
  );
  r.get(
    '/workbooks/:id/tabs/:tab/edits',
    {
      schema: {
        tags,
        summary: 'The edit log, newest first (one cell with row and column)',
        params: ZTabParams,
        querystring: z.object({
          row: z.coerce.number().int().min(0).optional(),
          column: z.string().max(300).optional(),
        }),
        response: { 200: ZCellEditLog },
      },
    },
    (req) => {
      const { row, column } = req.query;
      return tabs.editLog(
        ctx,
        principalOf(req),
        req.params.id,
        req.params.tab,
        row !== undefined && column ? { row, column } : undefined,
      );
    },
  );
  r.post(
    '/workbooks/:id/tabs/:tab/undo',
    { schema: { tags, summary: 'Undo the last edit batch of a tab', params: ZTabParams } },
    (req) => tabs.undoEdit(ctx, principalOf(req), req.params.id, req.params.tab),
  );
  r.get(
    '/workbooks/:id/tabs/:tab/export',
    {
      schema: {
        tags,
        summary: 'The tab as the grid shows it, as CSV or XLSX',
        params: ZTabParams,
        querystring: ZGridQuery.omit({ offset: true, limit: true }).extend({
          format: z.enum(['csv', 'xlsx']),
        }),
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      const { format, ...q } = req.query;
      const { tab } = await tabs.tabOf(ctx, p, req.params.id, req.params.tab);
      const body = streamOf(
        (out) => tabs.exportTab(ctx, p, req.params.id, req.params.tab, format, q, out),
        (err) => req.log.error({ err }, 'tab export failed'),
      );
      const name = tab.title.replace(/[^\w.-]+/g, '_').slice(0, 60) || 'tab';
      return reply
        .header('content-type', EXPORT_TYPES[format])
        .header('content-disposition', `attachment; filename="${name}.${format}"`)
        .send(body);
    },
  );

  // ── customer preview links ──
  r.post(
    '/workbooks/:id/shares',
    {
      schema: {
        tags,
        summary: 'A customer preview link (the link is shown once)',
        params: ZId,
        body: ZCreateShareRequest,
        response: { 201: ZShare },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await shares.createShare(ctx, principalOf(req), req.params.id, req.body)),
  );
  r.get(
    '/workbooks/:id/shares',
    { schema: { tags, summary: 'Preview links', params: ZId, response: { 200: ZShareList } } },
    (req) => shares.listShares(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/workbooks/:id/shares/:share/revoke',
    {
      schema: {
        tags,
        summary: 'Revoke a preview link',
        params: z.object({ id: z.uuid(), share: z.uuid() }),
        response: { 200: ZShare },
      },
    },
    (req) => shares.revokeShare(ctx, principalOf(req), req.params.id, req.params.share),
  );
}
