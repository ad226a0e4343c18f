import type { TTargetSchema } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemaKey } from './target-schema.ts';
import { targetSchemasKey } from './target-schemas.ts';

/** Saving replaces the schema with a new version; the server answers with it as stored. */
export const updateTargetSchema = async ({ id, schema }: { id: string; schema: Record<string, unknown> }) =>
  required(await http.put<TTargetSchema>(`/target_schemas/${id}/update`, { schema }));
export const useUpdateTargetSchema = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateTargetSchema,
    onSuccess: (saved) => {
      qc.setQueryData(targetSchemaKey(saved.id), saved);
      return Promise.all([
        qc.invalidateQueries({ queryKey: [...targetSchemasKey, 'list'] }),
        qc.invalidateQueries({ queryKey: [...targetSchemaKey(saved.id), 'versions'] }),
        // the usage lists the schema's fields
        qc.invalidateQueries({ queryKey: [...targetSchemaKey(saved.id), 'usage'] }),
      ]);
    },
  });
};
