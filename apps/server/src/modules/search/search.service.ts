import { SEARCH_FILTERS, type TSearchModel } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { FieldError } from '../../lib/errors.ts';
import { listJobs } from '../pipelines/jobs.service.ts';
import { listPipelines } from '../pipelines/pipelines.service.ts';
import { listResults, resultMappings } from '../pipelines/results.service.ts';
import { listWorkshops } from '../pipelines/workshops.service.ts';

type Filters<M extends TSearchModel> = ReturnType<(typeof SEARCH_FILTERS)[M]['parse']>;
type Page = { page: number; size: number };

/** The filters of `model`, checked: an unknown one is a 422 naming it and the ones allowed. */
function filtersOf<M extends TSearchModel>(model: M, params: Record<string, unknown>): Filters<M> {
  const schema = SEARCH_FILTERS[model];
  const allowed = Object.keys(schema.shape);
  for (const key of Object.keys(params))
    if (!allowed.includes(key))
      throw new FieldError(
        ['body', 'params', key],
        `unknown filter '${key}' for ${model}: use ${allowed.join(', ')}`,
        'unknown_filter',
      );
  const parsed = schema.safeParse(params);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const missing = issue.code === 'invalid_type' && params[String(issue.path[0])] === undefined;
    throw new FieldError(
      ['body', 'params', ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      missing ? 'Field required' : issue.message,
      missing ? 'missing' : issue.code,
    );
  }
  return parsed.data as Filters<M>;
}

const statuses = (s?: string) =>
  s
    ?.split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * `POST /search` (the Lume SDK): one model's objects filtered by `params`, as that model's own
 * list answers them — every branch is the list's service function, scoped to the organization.
 */
export async function search(
  ctx: AppContext,
  p: Principal,
  model: TSearchModel,
  params: Record<string, unknown>,
  q: Page,
) {
  switch (model) {
    case 'pipeline':
      return listPipelines(ctx, p, { ...q, ...filtersOf('pipeline', params) });
    case 'job': {
      const f = filtersOf('job', params);
      return listJobs(ctx, p, { ...q, id: f.id, status: f.status, pipelineId: f.pipeline_id });
    }
    case 'workshop': {
      const f = filtersOf('workshop', params);
      return listWorkshops(ctx, p, { pipelineId: f.pipeline_id, jobId: f.job_id }, q);
    }
    case 'result': {
      const f = filtersOf('result', params);
      return listResults(
        ctx,
        p,
        {
          statuses: statuses(f.status),
          pipelineId: f.pipeline_id,
          jobId: f.job_id,
          workshopId: f.workshop_id,
        },
        q,
      );
    }
    case 'mapping': {
      const { result_id, ...f } = filtersOf('mapping', params);
      return resultMappings(ctx, p, result_id, { ...q, ...f });
    }
  }
}
