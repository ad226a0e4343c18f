import type { TPage, TPipeline } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** The newest pipelines; the page's `total` is the organization's pipeline count. */
export const getRecentPipelines = (size = 5) =>
  http.get<TPage<TPipeline>>('/pipelines', { query: { page: 1, size } });
