import type { TImport, TPage } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Imports a schema can be inferred from (the newest 100; only succeeded ones have rows). */
export const getImportChoices = async () =>
  required(await http.get<TPage<TImport>>('/imports', { query: { page: 1, size: 100 } }));
export const importChoicesQueryOptions = () =>
  queryOptions({
    queryKey: ['imports', 'schema-choices'],
    queryFn: getImportChoices,
    select: (page) => page.items.filter((i) => i.status === 'succeeded'),
  });
export const useImportChoices = (enabled: boolean) => useQuery({ ...importChoicesQueryOptions(), enabled });
