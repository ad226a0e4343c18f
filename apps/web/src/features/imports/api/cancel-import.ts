import type { TImport } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { importKey } from './import.ts';
import { importsKey } from './imports.ts';

export const cancelImport = (id: string) => http.post<TImport>(`/imports/${id}/cancel`);
export const useCancelImport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: (_data, id) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: importKey(id) }),
        qc.invalidateQueries({ queryKey: [...importsKey, 'list'] }),
      ]),
  });
};
