import { ApiError, defaultBaseUrl, http, type TIssue } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import type { TCodeFormat } from '../api/mapper-code.ts';

/** The name the server gives a download (`content-disposition: attachment; filename="x.ts"`). */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/**
 * Downloads need the bearer token, which a plain link cannot send: fetch the file, then hand it
 * to the browser as a named blob download. Answers the file name used.
 */
export async function downloadCode(
  pipelineId: string,
  format: TCodeFormat,
  version: number,
): Promise<string> {
  const token = storage.get('token');
  const query = new URLSearchParams({ format, version: String(version) });
  const res = await fetch(
    `${defaultBaseUrl().replace(/\/+$/, '')}/pipelines/${pipelineId}/mapper/code?${query}`,
    {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    },
  );
  if (res.status === 401) {
    storage.remove('token');
    void http.get('/me').catch(() => undefined);
    throw new Error('Unauthorized');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string | TIssue[] } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const filename = filenameOf(
    res.headers.get('content-disposition'),
    `mapper-v${version}.${format === 'typescript' ? 'ts' : 'jsonata'}`,
  );
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has started the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return filename;
}
