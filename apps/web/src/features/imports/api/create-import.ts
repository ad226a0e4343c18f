import type { TImport, TImportOptions } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { importsKey } from './imports.ts';

export interface TCreateImportInput {
  file_id: string;
  file_version_id?: string;
  name?: string;
  format?: TImport['format'];
  options?: TImportOptions;
}
export const createImport = async (input: TCreateImportInput) =>
  required(await http.post<TImport>('/imports', input));
export const useCreateImport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createImport,
    onSuccess: () => qc.invalidateQueries({ queryKey: importsKey }),
  });
};
