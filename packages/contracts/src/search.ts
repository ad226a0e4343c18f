import { z } from 'zod';
import { zPage } from './common.ts';

/** The objects `POST /search` finds (the Lume SDK's ModelTypeMap). */
export const SEARCH_MODELS = ['job', 'pipeline', 'workshop', 'result', 'mapping'] as const;
export type TSearchModel = (typeof SEARCH_MODELS)[number];

const page = z.coerce.number().int().min(1);
const size = z.coerce.number().int().min(1).max(100);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * The filters of each model: the ones its own list already takes. `status` may list several,
 * comma-separated, where the list does.
 */
export const SEARCH_FILTERS = {
  pipeline: z.object({
    name: z.string().max(200).optional(),
    id: z.string().max(64).optional(),
    status: z.enum(['draft', 'deployed']).optional(),
    project_id: z.uuid().optional(),
  }),
  job: z.object({
    id: z.string().max(64).optional(),
    status: z.string().max(200).optional(),
    pipeline_id: z.uuid().optional(),
  }),
  workshop: z.object({ pipeline_id: z.uuid().optional(), job_id: z.uuid().optional() }),
  result: z.object({
    status: z.string().max(200).optional(),
    pipeline_id: z.uuid().optional(),
    job_id: z.uuid().optional(),
    workshop_id: z.uuid().optional(),
  }),
  mapping: z.object({
    result_id: z.uuid(),
    only_errors: flag.default(false),
    error_type: z.string().min(1).max(200).optional(),
    field: z.string().min(1).max(1000).optional(),
    include_spec: flag.default(false),
  }),
} as const satisfies Record<TSearchModel, z.ZodObject>;

/** `POST /search` body: page and size may come here or, as the Lume SDK sends them, in the query. */
export const ZSearchRequest = z.object({
  model: z.enum(SEARCH_MODELS),
  params: z.record(z.string(), z.unknown()).default({}),
  page: page.optional(),
  size: size.optional(),
});
export const ZSearchQuery = z.object({ page: page.optional(), size: size.optional() });
/** a page of the model's own objects (the shapes of its list) */
export const ZSearchPage = zPage(z.record(z.string(), z.unknown()));
