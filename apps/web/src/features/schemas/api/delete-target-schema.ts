import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { targetSchemasKey } from './target-schemas.ts';

export const deleteTargetSchema = (id: string) => http.delete<void>(`/target_schemas/${id}`);
export const useDeleteTargetSchema = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteTargetSchema,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...targetSchemasKey, 'list'] }),
  });
};
