import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Saves a target schema inferred from an import's dataset; the schemas screens take it from there. */
export const inferSchemaFromImport = async ({ importId, name }: { importId: string; name: string }) =>
  required(
    await http.post<{ id: string | null; name: string; schema: Record<string, unknown> }>(
      '/target_schemas/infer',
      { name, import_id: importId, save: true },
    ),
  );
export const useInferSchemaFromImport = () => useMutation({ mutationFn: inferSchemaFromImport });
