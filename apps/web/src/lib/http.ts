import {
  HTTP_MAX_RETRIES,
  HTTP_RETRY_BASE_DELAY_MS,
  HTTP_RETRY_STATUSES,
  LOCAL_ENDPOINT,
  LOGIN_PATH,
  USE_LOCAL_ENDPOINT,
} from '../config/index.ts';
import { storage } from './storage.ts';

/** An error answer from the API: `{detail: string}` or a 422 `{detail: [{loc, msg, type}]}`. */
export interface TIssue {
  loc?: (string | number)[];
  msg: string;
  type?: string;
}
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | TIssue[] | undefined,
  ) {
    super(ApiError.describe(status, detail));
    this.name = 'ApiError';
  }
  static describe(status: number, detail: string | TIssue[] | undefined): string {
    if (typeof detail === 'string') return detail;
    if (Array.isArray(detail)) return detail.map((d) => d.msg).join(', ');
    return `Request failed (${status})`;
  }
}

export interface TRequestOptions {
  query?: Record<string, string | number | boolean | undefined | null>;
  /** a newer request in the same group cancels the older one (e.g. type-ahead searches) */
  cancelGroup?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface THttpDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  baseUrl: () => string;
  token: () => string | null;
  onUnauthorized: () => void;
}

export function defaultBaseUrl(): string {
  if (USE_LOCAL_ENDPOINT) return LOCAL_ENDPOINT;
  return storage.get('baseUrl') || `${window.location.origin}/api`;
}

let unauthorizedHandler: () => void = () => window.location.assign(LOGIN_PATH);
/** The router registers itself here so a 401 navigates without a full page reload. */
export function setUnauthorizedHandler(handler: () => void) {
  unauthorizedHandler = handler;
}

async function parseBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  if ((res.headers.get('content-type') ?? '').includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Spec §7: returns the parsed body; GETs retry 408/429/502/503/504 up to 3 times (1 s, 2 s, 4 s);
 * a request to a URL (or in a cancel group) aborts the earlier in-flight one, which then resolves
 * to `undefined`; a 401 drops the token, goes to login and rejects with Error('Unauthorized').
 */
export function createHttpClient(deps: THttpDeps) {
  const inFlightByUrl = new Map<string, AbortController>();
  const inFlightByGroup = new Map<string, AbortController>();

  const claim = (map: Map<string, AbortController>, key: string, ctrl: AbortController) => {
    map.get(key)?.abort();
    map.set(key, ctrl);
  };
  const release = (map: Map<string, AbortController>, key: string, ctrl: AbortController) => {
    if (map.get(key) === ctrl) map.delete(key);
  };

  function buildUrl(path: string, query?: TRequestOptions['query']): string {
    const base = deps.baseUrl().replace(/\/+$/, '');
    const url = /^https?:\/\//.test(path) ? path : `${base}${path.startsWith('/') ? '' : '/'}${path}`;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {}))
      if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
  }

  async function request<T>(
    method: TMethod,
    path: string,
    body: unknown,
    opts: TRequestOptions = {},
  ): Promise<T | undefined> {
    const url = buildUrl(path, opts.query);
    const ctrl = new AbortController();
    opts.signal?.addEventListener('abort', () => ctrl.abort());
    claim(inFlightByUrl, url, ctrl);
    if (opts.cancelGroup) claim(inFlightByGroup, opts.cancelGroup, ctrl);

    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    const token = deps.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof URLSearchParams || body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }

    try {
      for (let attempt = 0; ; attempt++) {
        let res: Response;
        try {
          res = await deps.fetch(url, { method, headers, body: payload, signal: ctrl.signal });
        } catch (err) {
          if (ctrl.signal.aborted) return undefined;
          throw err;
        }
        if (ctrl.signal.aborted) return undefined;
        if (res.ok) {
          const parsed = await parseBody(res);
          return ctrl.signal.aborted ? undefined : (parsed as T);
        }
        if (res.status === 401) {
          storage.remove('token');
          deps.onUnauthorized();
          throw new Error('Unauthorized');
        }
        if (method === 'GET' && attempt < HTTP_MAX_RETRIES && HTTP_RETRY_STATUSES.includes(res.status)) {
          await deps.sleep(HTTP_RETRY_BASE_DELAY_MS * 2 ** attempt);
          if (ctrl.signal.aborted) return undefined;
          continue;
        }
        const parsed = await parseBody(res);
        const detail =
          parsed && typeof parsed === 'object' && 'detail' in parsed
            ? (parsed as { detail: string | TIssue[] }).detail
            : undefined;
        throw new ApiError(res.status, detail);
      }
    } finally {
      release(inFlightByUrl, url, ctrl);
      if (opts.cancelGroup) release(inFlightByGroup, opts.cancelGroup, ctrl);
    }
  }

  return {
    get: <T>(path: string, opts?: TRequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T>(path: string, body?: unknown, opts?: TRequestOptions) => request<T>('POST', path, body, opts),
    put: <T>(path: string, body?: unknown, opts?: TRequestOptions) => request<T>('PUT', path, body, opts),
    patch: <T>(path: string, body?: unknown, opts?: TRequestOptions) => request<T>('PATCH', path, body, opts),
    delete: <T>(path: string, opts?: TRequestOptions) => request<T>('DELETE', path, undefined, opts),
    /** application/x-www-form-urlencoded, as the login endpoint expects */
    postForm: <T>(path: string, fields: Record<string, string | undefined>, opts?: TRequestOptions) => {
      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.set(k, v);
      return request<T>('POST', path, form, opts);
    },
  };
}
export type THttpClient = ReturnType<typeof createHttpClient>;

export const http: THttpClient = createHttpClient({
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  baseUrl: defaultBaseUrl,
  token: () => storage.get('token'),
  onUnauthorized: () => unauthorizedHandler(),
});

/** For query functions, where `undefined` (a cancelled request) must not become cached data. */
export function required<T>(value: T | undefined): T {
  if (value === undefined) throw new DOMException('Request superseded', 'AbortError');
  return value;
}
