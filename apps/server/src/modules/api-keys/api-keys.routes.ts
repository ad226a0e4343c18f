import {
  ADMIN_ROLES,
  ZApiKeyPage,
  ZCreateApiKeyRequest,
  ZCreatedApiKey,
  ZPageQuery,
} from '@mapwright/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { apiKeys } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { notWhileImpersonating, principalOf } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';

type Row = typeof apiKeys.$inferSelect;
const toDto = (k: Row) => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  created_at: k.createdAt.toISOString(),
  last_used_at: k.lastUsedAt?.toISOString() ?? null,
  revoked_at: k.revokedAt?.toISOString() ?? null,
});

async function createKey(ctx: AppContext, p: Principal, name: string) {
  const key = randomToken(32, 'mw_');
  const [row] = await ctx.db
    .insert(apiKeys)
    .values({
      organizationId: p.orgId,
      createdBy: p.userId,
      name,
      prefix: key.slice(0, 10),
      keyHash: sha256(key),
    })
    .returning();
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'api_key.created',
    targetType: 'api_key',
    targetId: row!.id,
    details: { name },
  });
  return { ...toDto(row!), key };
}

async function revokeKey(ctx: AppContext, p: Principal, id: string) {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
    .where(and(eq(apiKeys.organizationId, p.orgId), eq(apiKeys.id, id)))
    .returning();
  if (!row) throw notFound('API key not found');
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'api_key.revoked',
    targetType: 'api_key',
    targetId: id,
  });
}

export async function apiKeysRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api keys'];
  app.addHook('onRequest', app.requireRole(ADMIN_ROLES));

  r.get(
    '/api-keys',
    {
      schema: {
        tags,
        summary: "Your organization's API keys",
        querystring: ZPageQuery,
        response: { 200: ZApiKeyPage },
      },
    },
    async (req) => {
      const { page, size } = req.query;
      const where = eq(apiKeys.organizationId, principalOf(req).orgId);
      const [rows, [count]] = await Promise.all([
        app.ctx.db
          .select()
          .from(apiKeys)
          .where(where)
          .orderBy(desc(apiKeys.createdAt))
          .limit(size)
          .offset(offsetOf(page, size)),
        app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(apiKeys).where(where),
      ]);
      return pageOf(rows.map(toDto), count?.n ?? 0, page, size);
    },
  );
  r.post(
    '/api-keys',
    {
      config: notWhileImpersonating,
      schema: {
        tags,
        summary: 'Create a key (the key is shown only in this answer)',
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey },
      },
    },
    async (req, reply) => reply.code(201).send(await createKey(app.ctx, principalOf(req), req.body.name)),
  );
  r.delete(
    '/api-keys/:id',
    {
      config: notWhileImpersonating,
      schema: { tags, summary: 'Revoke a key', params: z.object({ id: z.uuid() }) },
    },
    async (req, reply) => {
      await revokeKey(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
