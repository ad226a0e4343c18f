import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** A schema proposed from example records (not saved as a target schema). */
export const inferSchema = async (records: Record<string, unknown>[]) =>
  required(
    await http.post<{ schema: Record<string, unknown> }>('/target_schemas/infer', {
      name: 'Final output',
      records,
      save: false,
    }),
  ).schema;
export const useInferSchema = () => useMutation({ mutationFn: inferSchema });
