import { ApiError, defaultBaseUrl, http, type TIssue } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

/**
 * Multipart upload of one file (part "file") with upload progress, which fetch() cannot report.
 * Keeps the HTTP client's base address, bearer token and error shape.
 */
export function uploadWithProgress<T>(opts: {
  path: string;
  file: File;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<T> {
  const { path, file, onProgress, signal } = opts;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${defaultBaseUrl().replace(/\/+$/, '')}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storage.get('token');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      const total = e.lengthComputable ? e.total : file.size;
      onProgress?.(total > 0 ? Math.min(100, Math.floor((e.loaded / total) * 100)) : 0);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(body as T);
      } else if (xhr.status === 401) {
        storage.remove('token');
        // the shared client owns the 401 path (to login without a reload)
        void http.get('/me').catch(() => undefined);
        reject(new Error('Unauthorized'));
      } else {
        const detail =
          body && typeof body === 'object' && 'detail' in body
            ? (body as { detail: string | TIssue[] }).detail
            : undefined;
        reject(new ApiError(xhr.status, detail));
      }
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
