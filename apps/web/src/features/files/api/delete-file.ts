import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { filesKey, projectsKey } from './keys.ts';

export const deleteFile = (id: string) => http.delete<void>(`/files/${id}`);

export const useDeleteFile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: filesKey });
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
};
