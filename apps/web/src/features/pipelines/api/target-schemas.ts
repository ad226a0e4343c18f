import type { TPage, TTargetSchema } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Schemas to pick from in the wizard, newest first, narrowed by a typed name. */
export const getSchemaChoices = async (name: string) =>
  required(
    await http.get<TPage<TTargetSchema>>('/target_schemas', {
      query: { page: 1, size: 100, name: name.trim() || undefined },
      cancelGroup: 'pipeline-schema-choices',
    }),
  );
export const schemaChoicesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['target-schemas', 'list', 'pipeline-choices', name],
    queryFn: () => getSchemaChoices(name),
    placeholderData: keepPreviousData,
  });
export const useSchemaChoices = (name: string) => useQuery(schemaChoicesQueryOptions(name));
