import type { TPage, TResult } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** How many running runs the tracker lists in its popover (the count covers all of them). */
export const TRACKER_LIST_SIZE = 20;

/** Queued and running runs across the organization (the job tracker). */
export const getRunningResults = () =>
  http.get<TPage<TResult>>('/results', {
    query: { status: 'queued,running', page: 1, size: TRACKER_LIST_SIZE },
  });
