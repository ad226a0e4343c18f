import type { TFile, TFileVersion, TPage } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** The files an import can read, searched by name as the user types. */
export const FILE_PICKER_SIZE = 50;
export const getFiles = async (name: string) =>
  required(
    await http.get<TPage<TFile>>('/files', {
      query: { page: 1, size: FILE_PICKER_SIZE, name: name || undefined },
      cancelGroup: 'import-file-picker',
    }),
  );
export const filesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['files', 'picker', name],
    queryFn: () => getFiles(name),
    placeholderData: keepPreviousData,
  });
export const useFilePicker = (name: string) => useQuery(filesQueryOptions(name));

export const getFileVersions = async (fileId: string) =>
  required(await http.get<{ items: TFileVersion[] }>(`/files/${fileId}/versions`));
export const fileVersionsQueryOptions = (fileId: string) =>
  queryOptions({ queryKey: ['files', fileId, 'versions'], queryFn: () => getFileVersions(fileId) });
export const useFileVersions = (fileId: string | null) =>
  useQuery({ ...fileVersionsQueryOptions(fileId ?? ''), enabled: Boolean(fileId) });
