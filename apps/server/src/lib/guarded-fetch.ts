import { type GuardOptions, OutboundRefusedError, safeFetch } from './safe-fetch.ts';

/*
 * The SSRF guard (safe-fetch.ts) behind the standard `fetch` signature, so code written against
 * `fetch` (the connectors' ConnectorContext) goes through it. Bodies are text (the guard sends
 * strings); `credentials: 'include'` marks a request whose secret the guard cannot recognise by
 * header name (a custom API-key header, a client secret in a form body): it is then never
 * redirected to another origin.
 */

/** Statuses a Response may not carry a body with. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

export { OutboundRefusedError };

export function guardedFetch(guard: GuardOptions, limits: { timeoutMs?: number; maxBytes?: number } = {}) {
  return (async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const body = init?.body;
    if (body != null && typeof body !== 'string' && !(body instanceof URLSearchParams))
      throw new TypeError('guardedFetch sends text bodies only');
    const res = await safeFetch(
      url,
      {
        method: init?.method,
        headers,
        body: body == null ? undefined : String(body),
        signal: init?.signal ?? undefined,
        credentials: init?.credentials === 'include',
        timeoutMs: limits.timeoutMs,
        maxBytes: limits.maxBytes,
      },
      guard,
    );
    const out = new Response(NULL_BODY.has(res.status) ? null : res.body, {
      status: res.status,
      headers: res.headers,
    });
    Object.defineProperty(out, 'url', { value: res.url });
    return out;
  }) as typeof fetch;
}
