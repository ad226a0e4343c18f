import type { TFile, TFileVersion } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TUploadProgress, uploadWithProgress } from '../lib/xhr-upload.ts';
import { filesKey, projectsKey } from './keys.ts';

export interface TUploadInput {
  file: File;
  projectId?: string;
  onProgress?: (p: TUploadProgress) => void;
}

export const uploadFile = ({ file, projectId, onProgress }: TUploadInput) =>
  uploadWithProgress<TFile>({ path: '/files', file, query: { project_id: projectId }, onProgress });

export const uploadVersion = ({ fileId, file, onProgress }: TUploadInput & { fileId: string }) =>
  uploadWithProgress<TFileVersion>({ path: `/files/${fileId}/versions`, file, onProgress });

/** An upload mutation that also tracks how much of the body has been sent. */
function useUpload<I extends { file: File }, O>(fn: (input: I & TUploadInput) => Promise<O>) {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<TUploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (input: I) => fn({ ...input, onProgress: setProgress }),
    onMutate: (input) => setProgress({ loaded: 0, total: input.file.size, percent: 0 }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: filesKey });
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
  return { ...mutation, progress };
}

export const useUploadFile = () => useUpload<{ file: File; projectId?: string }, TFile>(uploadFile);
export const useUploadVersion = () => useUpload<{ file: File; fileId: string }, TFileVersion>(uploadVersion);
