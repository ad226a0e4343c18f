import { ZSearchPage, ZSearchQuery, ZSearchRequest } from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { search } from './search.service.ts';

/** `POST /search` of the Lume SDK: jobs, pipelines, workshops, results or mappings by filters. */
export async function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  r.post(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: "One model's objects (job, pipeline, workshop, result, mapping) filtered by params",
        description:
          "Body {model, params}. params are the filters of that model's list: pipeline name, id, status, project_id; job id, status, pipeline_id; workshop pipeline_id, job_id; result status, pipeline_id, job_id, workshop_id; mapping result_id (required), only_errors, error_type, field, include_spec. An unknown filter is a 422 naming it. page and size in the query (as the Lume SDK sends them) or the body.",
        querystring: ZSearchQuery,
        body: ZSearchRequest,
        response: { 200: ZSearchPage },
      },
    },
    (req) =>
      search(app.ctx, principalOf(req), req.body.model, req.body.params, {
        page: req.query.page ?? req.body.page ?? 1,
        size: req.query.size ?? req.body.size ?? 50,
      }),
  );
}
