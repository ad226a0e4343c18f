import {
  ZMigrationFile,
  ZMigrationImportQuery,
  ZMigrationImportRequest,
  ZMigrationPlan,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { exportDefinitions, importDefinitions } from './migrate.service.ts';

export async function migrateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const tags = ['migrate'];

  r.get(
    '/migrate/export',
    {
      schema: {
        tags,
        summary: 'Pipelines, target schemas, mapper versions and workflows as one export file',
        response: { 200: ZMigrationFile },
      },
    },
    async (req, reply) => {
      const file = await exportDefinitions(app.ctx, principalOf(req));
      return reply
        .header(
          'content-disposition',
          `attachment; filename="mapwright-export-${file.exported_at.slice(0, 10)}.json"`,
        )
        .send(file);
    },
  );

  r.post(
    '/migrate/import',
    {
      // an export of a large instance is bigger than the default body limit
      bodyLimit: 50 * 1024 ** 2,
      schema: {
        tags,
        summary:
          'Import an export file, or pull one from a Lume-compatible API (dry_run lists what would happen)',
        querystring: ZMigrationImportQuery,
        body: ZMigrationImportRequest,
        response: { 200: ZMigrationPlan, 201: ZMigrationPlan, 409: ZMigrationPlan },
      },
    },
    async (req, reply) => {
      const { status, plan } = await importDefinitions(
        app.ctx,
        principalOf(req),
        req.body,
        req.query.dry_run,
      );
      return reply.code(status).send(plan);
    },
  );
}
