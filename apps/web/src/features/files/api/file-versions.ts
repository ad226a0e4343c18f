import type { TFileVersion } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { filesKey } from './keys.ts';

export const getFileVersions = async (fileId: string) =>
  required(await http.get<{ items: TFileVersion[] }>(`/files/${fileId}/versions`));

// the same key the imports file picker uses, so both share one cache entry
export const fileVersionsQueryOptions = (fileId: string) =>
  queryOptions({ queryKey: [...filesKey, fileId, 'versions'], queryFn: () => getFileVersions(fileId) });
export const useFileVersions = (fileId: string | null) =>
  useQuery({ ...fileVersionsQueryOptions(fileId ?? ''), enabled: Boolean(fileId) });
