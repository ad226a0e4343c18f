import type { TPage, TResult } from '@mapwright/contracts';
import { http } from '../../../lib/http.ts';

/** The newest runs across the organization (their counts fill in the recent jobs). */
export const getRecentResults = (size = 10) =>
  http.get<TPage<TResult>>('/results', { query: { page: 1, size } });
