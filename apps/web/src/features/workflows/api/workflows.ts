import type { TPage, TWorkflow } from '@mapwright/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { workflowsKey } from './keys.ts';

export interface TWorkflowFilters {
  page?: number;
  size?: number;
  name?: string;
  isActive?: boolean;
  /** the archived workflows instead (restorable) */
  archived?: boolean;
}

export const getWorkflows = async (f: TWorkflowFilters = {}) =>
  required(
    await http.get<TPage<TWorkflow>>('/workflows', {
      query: {
        page: f.page ?? 1,
        size: f.size ?? 50,
        name: f.name || undefined,
        isActive: f.isActive === undefined ? undefined : String(f.isActive),
        archived: f.archived ? 'true' : undefined,
      },
    }),
  );
export const workflowsQueryOptions = (f: TWorkflowFilters = {}) =>
  queryOptions({
    queryKey: [...workflowsKey, 'list', f],
    queryFn: () => getWorkflows(f),
    placeholderData: keepPreviousData,
  });
