import type { TImport } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectsKey } from './keys.ts';

/** The imports area's list key, named here because features do not import each other. */
const importsKey = ['imports'] as const;

/**
 * Starts an import of a file's current version with everything detected (format, delimiter,
 * encoding, header): the same POST /imports the imports area's "New import" sends. The import
 * joins the file's project on the server.
 */
export const startImport = async (fileId: string) =>
  required(await http.post<TImport>('/imports', { file_id: fileId }));

export const useStartImport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: importsKey });
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
};
