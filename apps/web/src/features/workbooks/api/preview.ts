import type {
  TFieldComment,
  TFieldSheet,
  TGridPage,
  TReviewStatus,
  TSharedWorkbook,
} from '@mapwright/contracts';
import type { TGridView } from './workbooks.ts';

/**
 * The customer preview's requests: plain fetch with the share token, never the app's client
 * (no session is sent, and a 401 means the link stopped working, not "go and sign in").
 */
export class PreviewError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${window.location.origin}/api/share${path}`, {
    method,
    headers: {
      'x-share-token': token,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const detail = data?.detail;
    const msg =
      typeof detail === 'string' ? detail : Array.isArray(detail) ? detail.map((d) => d.msg).join(', ') : '';
    throw new PreviewError(res.status, msg || `Request failed (${res.status})`);
  }
  return data as T;
}

export const previewApi = (token: string) => ({
  workbook: () => call<TSharedWorkbook>(token, 'GET', '/workbook'),
  fields: () => call<TFieldSheet>(token, 'GET', '/fields'),
  rows: (tab: string, offset: number, limit: number, view: TGridView) => {
    const q = new URLSearchParams({ offset: String(offset), limit: String(limit), dir: view.dir });
    if (view.sort) q.set('sort', view.sort);
    if (view.filter) q.set('filter', view.filter);
    if (view.filter_column) q.set('filter_column', view.filter_column);
    return call<TGridPage>(token, 'GET', `/tabs/${encodeURIComponent(tab)}/rows?${q}`);
  },
  comments: (key: string) =>
    call<{ items: TFieldComment[] }>(token, 'GET', `/fields/${encodeURIComponent(key)}/comments`),
  comment: (key: string, author: string, body: string) =>
    call(token, 'POST', `/fields/${encodeURIComponent(key)}/comments`, { author, body }),
  review: (key: string, status: TReviewStatus) =>
    call(token, 'PUT', `/fields/${encodeURIComponent(key)}/review`, { status }),
});
