import type { TJob, TPage } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** The newest jobs; the page's `total` is the organization's job count. */
export const getRecentJobs = (size = 5) => http.get<TPage<TJob>>('/jobs', { query: { page: 1, size } });
