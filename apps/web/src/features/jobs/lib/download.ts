import { ApiError, defaultBaseUrl, http } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export const DOWNLOAD_FORMATS = ['json', 'jsonl', 'csv', 'xlsx'] as const;
export type TDownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
export const DOWNLOAD_RECORDS = ['all', 'valid', 'failed', 'dropped'] as const;
export type TDownloadRecords = (typeof DOWNLOAD_RECORDS)[number];

/** `Customer ledger` → `customer-ledger`: a file name people can read in their downloads folder. */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'job';

export const downloadName = (base: string, records: TDownloadRecords, format: TDownloadFormat) =>
  `${slug(base)}${records === 'all' ? '' : `-${records}`}.${format}`;

/**
 * Downloads need the bearer token, which a plain link cannot send: fetch the bytes, then hand
 * them to the browser as a named blob download.
 */
export async function downloadResult(
  resultId: string,
  format: TDownloadFormat,
  records: TDownloadRecords,
  filename: string,
) {
  const token = storage.get('token');
  const url = `${defaultBaseUrl().replace(/\/+$/, '')}/results/${resultId}/download?format=${format}&records=${records}`;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (res.status === 401) {
    storage.remove('token');
    // the HTTP client owns the way back to the login page
    void http.get('/me').catch(() => undefined);
    throw new Error('Unauthorized');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has started the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
