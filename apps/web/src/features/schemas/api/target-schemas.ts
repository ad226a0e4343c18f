import type { TPage, TTargetSchema } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export const SCHEMAS_PAGE_SIZE = 20;
export const targetSchemasKey = ['target-schemas'] as const;

export interface TSchemasQuery {
  page: number;
  name: string;
  id: string;
}
export const getTargetSchemas = async ({ page, name, id }: TSchemasQuery) =>
  required(
    await http.get<TPage<TTargetSchema>>('/target_schemas', {
      query: { page, size: SCHEMAS_PAGE_SIZE, name: name.trim() || undefined, id: id.trim() || undefined },
      cancelGroup: 'target-schemas-list',
    }),
  );
export const targetSchemasQueryOptions = (q: TSchemasQuery) =>
  queryOptions({
    queryKey: [...targetSchemasKey, 'list', q],
    queryFn: () => getTargetSchemas(q),
    placeholderData: keepPreviousData,
  });
export const useTargetSchemas = (q: TSchemasQuery) => useQuery(targetSchemasQueryOptions(q));
