import type { TFile } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { filesKey } from './keys.ts';

export const setCurrentVersion = async ({ fileId, versionId }: { fileId: string; versionId: string }) =>
  required(await http.put<TFile>(`/files/${fileId}/current-version`, { version_id: versionId }));

export const useSetCurrentVersion = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setCurrentVersion,
    onSuccess: () => qc.invalidateQueries({ queryKey: filesKey }),
  });
};
