import {
  ZCustomerCommentRequest,
  ZFieldSheet,
  ZGridPage,
  ZGridQuery,
  ZSetReviewRequest,
  ZSharedWorkbook,
} from '@mapwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { fieldSheet } from './field-sheet.ts';
import * as shares from './shares.service.ts';
import * as tabs from './tabs.service.ts';
import * as wb from './workbooks.service.ts';

/**
 * The customer preview's API: no login, the share token alone (header `x-share-token`)
 * authenticates, and every answer is limited to that link's workbook and tabs.
 */
const ZKey = z.object({ key: z.string().min(3).max(600) });
const tokenOf = (req: FastifyRequest) => {
  const t = req.headers['x-share-token'];
  return typeof t === 'string' ? t : undefined;
};

export async function shareRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customer preview'];
  const ctx = app.ctx;
  const access = (req: FastifyRequest) => shares.resolveShare(ctx, tokenOf(req));
  /** The field must be on the sheet and the sheet must be shared. */
  const sharedField = async (a: shares.ShareAccess, key: string) => {
    shares.assertSharedTab(a, 'fields');
    const sheet = await fieldSheet(ctx, a.principal, a.share.workbookId, false);
    if (!sheet.fields.some((f) => f.key === key)) throw notFound('Field not found');
  };

  r.get(
    '/share/workbook',
    { schema: { tags, summary: 'What the link shows', response: { 200: ZSharedWorkbook } } },
    async (req) => {
      const a = await access(req);
      const w = await wb.getWorkbook(ctx, a.principal, a.share.workbookId);
      return {
        name: w.name,
        project_name: w.project_name,
        version: w.version,
        organization_name: a.organizationName,
        show_fields: a.share.tabs.includes('fields'),
        tabs: w.tabs.filter((t) => a.share.tabs.includes(t.id)).map((t) => ({ id: t.id, title: t.title })),
        allow_feedback: a.share.allowFeedback,
        expires_at: a.share.expiresAt.toISOString(),
      };
    },
  );
  r.get(
    '/share/fields',
    { schema: { tags, summary: 'The field sheet, if shared', response: { 200: ZFieldSheet } } },
    async (req) => {
      const a = await access(req);
      shares.assertSharedTab(a, 'fields');
      return fieldSheet(ctx, a.principal, a.share.workbookId);
    },
  );
  r.get(
    '/share/tabs/:tab/rows',
    {
      schema: {
        tags,
        summary: 'A page of a shared tab',
        params: z.object({ tab: z.string().min(1).max(64) }),
        querystring: ZGridQuery,
        response: { 200: ZGridPage },
      },
    },
    async (req) => {
      const a = await access(req);
      shares.assertSharedTab(a, req.params.tab);
      const page = await tabs.tabPage(ctx, a.principal, a.share.workbookId, req.params.tab, req.query);
      return { ...page, columns: page.columns.map((c) => ({ ...c, editable: false })) };
    },
  );
  r.get(
    '/share/fields/:key/comments',
    { schema: { tags, summary: "A field's comments", params: ZKey } },
    async (req) => {
      const a = await access(req);
      await sharedField(a, req.params.key);
      return wb.fieldComments(ctx, a.share.workbookId, req.params.key);
    },
  );
  r.post(
    '/share/fields/:key/comments',
    {
      schema: {
        tags,
        summary: 'A customer comment (when the owner allows feedback)',
        params: ZKey,
        body: ZCustomerCommentRequest,
      },
    },
    async (req, reply) => {
      const a = await access(req);
      shares.assertFeedback(a);
      await sharedField(a, req.params.key);
      const c = await wb.writeComment(ctx, a.share.workbookId, req.params.key, {
        userId: null,
        author: req.body.author,
        customer: true,
        body: req.body.body,
      });
      return reply.code(201).send(c);
    },
  );
  r.put(
    '/share/fields/:key/review',
    {
      schema: {
        tags,
        summary: 'A customer approves or flags a field (when allowed)',
        params: ZKey,
        body: ZSetReviewRequest,
      },
    },
    async (req) => {
      const a = await access(req);
      shares.assertFeedback(a, req.body.status);
      await sharedField(a, req.params.key);
      return wb.writeReview(ctx, a.share.workbookId, req.params.key, req.body.status, 'Customer');
    },
  );
}
