import { ApiError, defaultBaseUrl, http, type TIssue } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export interface TUploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole numbers */
  percent: number;
}

export const progressOf = (loaded: number, total: number): TUploadProgress => ({
  loaded,
  total,
  percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0,
});

/** The XMLHttpRequest surface the upload uses (a fake one stands in for it in tests). */
export type TXhr = Pick<
  XMLHttpRequest,
  'open' | 'send' | 'setRequestHeader' | 'abort' | 'status' | 'responseText' | 'upload'
> & {
  onload: ((this: XMLHttpRequest, ev: ProgressEvent) => unknown) | null;
  onerror: ((this: XMLHttpRequest, ev: ProgressEvent) => unknown) | null;
  onabort: ((this: XMLHttpRequest, ev: ProgressEvent) => unknown) | null;
};

export interface TUploadOptions {
  /** path below the API base, e.g. /files or /files/{id}/versions */
  path: string;
  file: File;
  query?: Record<string, string | undefined>;
  onProgress?: (p: TUploadProgress) => void;
  signal?: AbortSignal;
  createXhr?: () => TXhr;
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

/**
 * Multipart upload of one file in the part "file". fetch() reports no upload progress, so this is
 * the one request made with XMLHttpRequest; it keeps the HTTP client's base address, bearer token
 * and error shape (ApiError with the server's detail, so 413/422 messages reach the user verbatim).
 */
export function uploadWithProgress<T>({
  path,
  file,
  query,
  onProgress,
  signal,
  createXhr = () => new XMLHttpRequest(),
}: TUploadOptions): Promise<T> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v) params.set(k, v);
  const qs = params.toString();
  const url = `${defaultBaseUrl().replace(/\/+$/, '')}${path}${qs ? `?${qs}` : ''}`;

  return new Promise<T>((resolve, reject) => {
    const xhr = createXhr();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = storage.get('token');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e: ProgressEvent) => {
      onProgress?.(progressOf(e.loaded, e.lengthComputable ? e.total : file.size));
    };
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(progressOf(file.size, file.size));
        resolve(body as T);
        return;
      }
      if (xhr.status === 401) {
        storage.remove('token');
        // the shared client owns the 401 path (go to login without a reload): let it run it
        void http.get('/me').catch(() => undefined);
        reject(new Error('Unauthorized'));
        return;
      }
      const detail =
        body && typeof body === 'object' && 'detail' in body
          ? (body as { detail: string | TIssue[] }).detail
          : undefined;
      reject(new ApiError(xhr.status, detail));
    };
    xhr.onerror = () => reject(new Error('The upload failed: the server could not be reached.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}
