import type { TFile, TImport } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';
import { uploadWithProgress } from '../lib/xhr-upload.ts';

export const uploadFile = (
  file: File,
  projectId: string | undefined,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
) =>
  uploadWithProgress<TFile>({
    path: projectId ? `/files?project_id=${encodeURIComponent(projectId)}` : '/files',
    file,
    onProgress,
    signal,
  });

/** Reads the uploaded version into a dataset; a workbook's sheet when one was picked (else its first). */
export const startImport = async (file: TFile, sheet?: string) =>
  required(
    await http.post<TImport>('/imports', {
      file_id: file.id,
      file_version_id: file.current_version?.id,
      ...(sheet === undefined ? {} : { options: { sheet } }),
    }),
  );
export const getImport = async (id: string) => required(await http.get<TImport>(`/imports/${id}`));

/** Polls an import until it has read the whole file, reporting its progress (0..1). */
export async function waitForImport(
  imp: TImport,
  onProgress: (share: number) => void,
  signal?: AbortSignal,
): Promise<TImport> {
  let cur = imp;
  while (cur.status === 'queued' || cur.status === 'running') {
    onProgress(cur.progress);
    await new Promise((r) => setTimeout(r, 600));
    if (signal?.aborted) throw new DOMException('Stopped', 'AbortError');
    cur = await getImport(cur.id);
  }
  onProgress(1);
  return cur;
}
