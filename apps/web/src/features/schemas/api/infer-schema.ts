import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { targetSchemasKey } from './target-schemas.ts';

export type TInferInput =
  | { name: string; import_id: string; save: boolean }
  | { name: string; records: Record<string, unknown>[]; save: boolean };
export interface TInferredSchema {
  id: string | null;
  name: string;
  schema: Record<string, unknown>;
}
export const inferTargetSchema = async (input: TInferInput) =>
  required(await http.post<TInferredSchema>('/target_schemas/infer', input));
export const useInferTargetSchema = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: inferTargetSchema,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...targetSchemasKey, 'list'] }),
  });
};
