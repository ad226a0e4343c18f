import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { importsKey } from './imports.ts';

export const deleteImport = (id: string) => http.delete<void>(`/imports/${id}`);
export const useDeleteImport = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteImport,
    onSuccess: () => qc.invalidateQueries({ queryKey: [...importsKey, 'list'] }),
  });
};
