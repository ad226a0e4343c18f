import { ZOrganization, ZPageQuery, ZRolePage } from '@mapwright/contracts';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { organizations, roles } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { principalOf } from '../../plugins/auth.ts';

export async function orgsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/org',
    { schema: { tags: ['org'], summary: "The caller's organization", response: { 200: ZOrganization } } },
    async (req) => {
      const [org] = await db
        .select()
        .from(organizations)
        .where(eq(organizations.id, principalOf(req).orgId));
      if (!org) throw notFound('Organization not found');
      return { id: org.id, name: org.name, created_at: org.createdAt.toISOString() };
    },
  );

  r.get(
    '/roles',
    {
      schema: {
        tags: ['org'],
        summary: 'The role list (users point at it by role_id)',
        querystring: ZPageQuery,
        response: { 200: ZRolePage },
      },
    },
    async (req) => {
      const { page, size } = req.query;
      const [items, [count]] = await Promise.all([
        db
          .select({ id: roles.id, name: roles.name })
          .from(roles)
          .orderBy(asc(roles.createdAt), asc(roles.name))
          .limit(size)
          .offset(offsetOf(page, size)),
        db.select({ n: sql<number>`count(*)::int` }).from(roles),
      ]);
      return pageOf(items, count?.n ?? 0, page, size);
    },
  );
}
