import { ApiError, defaultBaseUrl, http } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * Downloads need the bearer token, which a plain link cannot send: fetch the bytes, then hand
 * them to the browser as a named blob download.
 */
export async function downloadFile(fileId: string, versionId: string | null, filename: string) {
  const path = versionId ? `/files/${fileId}/versions/${versionId}/download` : `/files/${fileId}/download`;
  const token = storage.get('token');
  const res = await fetch(`${defaultBaseUrl().replace(/\/+$/, '')}${path}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (res.status === 401) {
    storage.remove('token');
    void http.get('/me').catch(() => undefined);
    throw new Error('Unauthorized');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  // the click has started the download; the URL can go once the browser has read it
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
