import type { TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { importKey } from './import.ts';

export const PROBLEMS_PAGE_SIZE = 50;
export interface TImportProblem {
  line: number;
  reason: string;
  raw: string | null;
}

export const getImportProblems = async (id: string, page: number) =>
  required(
    await http.get<TPage<TImportProblem>>(`/imports/${id}/problems`, {
      query: { page, size: PROBLEMS_PAGE_SIZE },
    }),
  );
export const importProblemsQueryOptions = (id: string, page: number) =>
  queryOptions({
    queryKey: [...importKey(id), 'problems', page],
    queryFn: () => getImportProblems(id, page),
    placeholderData: keepPreviousData,
  });
export const useImportProblems = (id: string, page: number, enabled = true) =>
  useQuery({ ...importProblemsQueryOptions(id, page), enabled });
