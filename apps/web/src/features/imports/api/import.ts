import type { TImport } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { importsKey } from './imports.ts';

export const IMPORT_POLL_MS = 1000;
export const isFinished = (status: TImport['status']) => status !== 'queued' && status !== 'running';

export const importKey = (id: string) => [...importsKey, 'detail', id] as const;
export const getImport = async (id: string) => required(await http.get<TImport>(`/imports/${id}`));
export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: importKey(id),
    queryFn: () => getImport(id),
    // poll every second until the import has finished
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data.status) ? false : IMPORT_POLL_MS),
  });
export const useImport = (id: string) => useQuery(importQueryOptions(id));
