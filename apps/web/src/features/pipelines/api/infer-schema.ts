import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Inference takes at most this many sample records (the API's bound). */
export const MAX_INFER_RECORDS = 10_000;

export type TInferInput =
  | { name: string; import_id: string }
  | { name: string; records: Record<string, unknown>[] };

/** A proposal only (save: false): the pipeline saves the schema it is created with. */
export const inferSchema = async (input: TInferInput) =>
  required(
    await http.post<{ id: string | null; name: string; schema: Record<string, unknown> }>(
      '/target_schemas/infer',
      {
        ...input,
        ...('records' in input ? { records: input.records.slice(0, MAX_INFER_RECORDS) } : {}),
        save: false,
      },
    ),
  );
export const useInferSchema = () => useMutation({ mutationFn: inferSchema });
