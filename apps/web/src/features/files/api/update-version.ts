import type { TFileVersion } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { filesKey } from './keys.ts';

export interface TVersionEdit {
  fileId: string;
  versionId: string;
  label: string;
  notes: string;
}
export const updateVersion = async ({ fileId, versionId, label, notes }: TVersionEdit) =>
  required(await http.patch<TFileVersion>(`/files/${fileId}/versions/${versionId}`, { label, notes }));

export const useUpdateVersion = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVersion,
    onSuccess: () => qc.invalidateQueries({ queryKey: filesKey }),
  });
};
