import type { TFile } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { filesKey } from './keys.ts';

export const renameFile = async ({ id, name }: { id: string; name: string }) =>
  required(await http.patch<TFile>(`/files/${id}`, { name }));

export const useRenameFile = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: renameFile,
    onSuccess: () => qc.invalidateQueries({ queryKey: filesKey }),
  });
};
