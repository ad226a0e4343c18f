import type { TTargetSchema } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemasKey } from './target-schemas.ts';

export interface TCreateSchemaInput {
  name: string;
  filename?: string;
  schema: Record<string, unknown>;
}
export const createTargetSchema = async (input: TCreateSchemaInput) =>
  required(await http.post<TTargetSchema>('/target_schemas', input));
export const useCreateTargetSchema = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createTargetSchema,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...targetSchemasKey, 'list'] }),
  });
};
