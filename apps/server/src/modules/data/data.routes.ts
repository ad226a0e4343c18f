import {
  ZDatasetListQuery,
  ZDatasetPage,
  ZDatasetRowsPage,
  ZDatasetRowsQuery,
  ZDatasetSummary,
  ZUuid,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { getOrgDataset, listOrgDatasets, previewDataset } from './data.service.ts';

export async function dataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const tags = ['data'];
  const params = z.object({ id: ZUuid });

  r.get(
    '/datasets',
    {
      schema: {
        tags,
        summary: "Every dataset of the organization (imports, job inputs, results, …) with lineage",
        querystring: ZDatasetListQuery,
        response: { 200: ZDatasetPage },
      },
    },
    (req) => listOrgDatasets(app.ctx, principalOf(req), req.query),
  );
  r.get(
    '/datasets/:id',
    { schema: { tags, summary: 'One dataset with its lineage', params, response: { 200: ZDatasetSummary } } },
    (req) => getOrgDataset(app.ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/datasets/:id/rows',
    {
      schema: {
        tags,
        summary: "A page of a dataset's rows",
        params,
        querystring: ZDatasetRowsQuery,
        response: { 200: ZDatasetRowsPage },
      },
    },
    (req) => previewDataset(app.ctx, principalOf(req), req.params.id, req.query),
  );
}
