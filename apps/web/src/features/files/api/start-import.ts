import type { TImport } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectsKey } from './keys.ts';

/** The imports area's list key, named here because features do not import each other. */
const importsKey = ['imports'] as const;

export interface TStartImport {
  fileId: string;
  /** the version whose sheets were listed, so a newer upload cannot change what is read */
  versionId?: string;
  /** a workbook's sheet, by name (the server takes the first when none is named) */
  sheet?: string;
}

/**
 * Starts an import of a file version with everything else detected (format, delimiter, encoding,
 * header): the same POST /imports the imports area's "New import" sends. The import joins the
 * file's project on the server.
 */
export const startImport = async ({ fileId, versionId, sheet }: TStartImport) =>
  required(
    await http.post<TImport>('/imports', {
      file_id: fileId,
      file_version_id: versionId,
      ...(sheet === undefined ? {} : { options: { sheet } }),
    }),
  );

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
