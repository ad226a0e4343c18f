import { ZUsageQuery, ZUsageReport } from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { usageCsv, usageReport } from './usage.service.ts';

export async function usageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const tags = ['usage'];

  r.get(
    '/usage',
    {
      schema: {
        tags,
        summary: "The organization's usage per day, pipeline and user, and the plan's limits",
        querystring: ZUsageQuery,
        response: { 200: ZUsageReport },
      },
    },
    (req) => usageReport(app.ctx, principalOf(req).orgId, req.query),
  );

  r.get(
    '/usage/export.csv',
    {
      schema: {
        tags,
        summary: 'The usage as CSV (day, kind, quantity, pipeline, user)',
        querystring: ZUsageQuery,
      },
    },
    async (req, reply) => {
      const q = req.query;
      const csv = await usageCsv(app.ctx, principalOf(req), q);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="usage-${q.from ?? 'recent'}-${q.to ?? 'today'}.csv"`,
        )
        .send(csv);
    },
  );
}
