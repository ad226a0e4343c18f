import { ZPublicConfig, ZStatusHistory, ZSystemStatus } from '@mapwright/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { projectsLandingOrgIds } from '../internal/internal.service.ts';

/** `demo` in an org-id list stands for the seeded demo organization (its id is generated at seed). */
const resolveOrgIds = (ctx: AppContext, ids: string[]) =>
  ids.map((id) => (id === 'demo' ? ctx.demoOrgId : id)).filter((id): id is string => Boolean(id));

export async function publicConfig(ctx: AppContext) {
  const c = ctx.config;
  // the configured list, and the organizations staff switched on in internal settings
  const landing = new Set([
    ...resolveOrgIds(ctx, c.PROJECTS_LANDING_ORG_IDS),
    ...(await projectsLandingOrgIds(ctx.db)),
  ]);
  return {
    productName: c.PRODUCT_NAME,
    oldHost: c.OLD_HOST ?? null,
    newHost: c.NEW_HOST ?? null,
    migrationOrgIds: resolveOrgIds(ctx, c.MIGRATION_ORG_IDS),
    projectsLandingOrgIds: [...landing],
    analytics: {
      scriptUrl: c.ANALYTICS_SCRIPT_URL ?? null,
      key: c.ANALYTICS_KEY ?? null,
      excludedOrgId: c.ANALYTICS_EXCLUDED_ORG_ID ?? null,
    },
    chatSupportRegion: c.CHAT_SUPPORT_REGION,
    chatSupport: c.CHAT_SUPPORT_APP_ID
      ? { appId: c.CHAT_SUPPORT_APP_ID, region: c.CHAT_SUPPORT_REGION }
      : null,
    systemStatus:
      c.STATUS_LISTING_URL && c.STATUS_URL
        ? { listingUrl: c.STATUS_LISTING_URL, statusUrl: c.STATUS_URL }
        : null,
  };
}

/**
 * System status as the spec's client reads it: a listing of history versions, then the status
 * document of the latest one. The version is this process's start, so a restart is a new entry;
 * the status reflects configuration (an operator's notice) and the database's health.
 */
export async function systemRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const startedAt = new Date();
  const version = `v${startedAt.getTime()}`;

  const currentStatus = async () => {
    try {
      await app.ctx.db.execute(sql`select 1`);
    } catch {
      return {
        type: 'error' as const,
        message: 'The database is not reachable; changes cannot be saved right now.',
      };
    }
    return { type: app.ctx.config.STATUS_TYPE, message: app.ctx.config.STATUS_MESSAGE };
  };

  r.get(
    '/config',
    {
      schema: {
        tags,
        summary: 'Public settings the web app needs before login',
        response: { 200: ZPublicConfig },
      },
    },
    () => publicConfig(app.ctx),
  );
  r.get(
    '/system-status/history',
    { schema: { tags, summary: 'System-status versions, latest first', response: { 200: ZStatusHistory } } },
    () => ({
      items: [{ version, created_at: startedAt.toISOString() }],
    }),
  );
  r.get(
    '/system-status/:version',
    {
      schema: {
        tags,
        summary: 'The system status of a version',
        params: z.object({ version: z.string().max(40) }),
        response: { 200: ZSystemStatus },
      },
    },
    (req) => {
      if (req.params.version !== version) throw notFound('Unknown status version');
      return currentStatus();
    },
  );
  r.get('/health', { schema: { tags, summary: 'Liveness and database check' } }, async (_req, reply) => {
    const status = await currentStatus();
    return reply.code(status.type === 'error' ? 503 : 200).send({ ok: status.type !== 'error' });
  });
}
