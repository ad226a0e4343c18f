import parseLinkHeader from 'parse-link-header';
import { type ConnectorContext, ConnectorRuntimeError } from '../contract.ts';
import { atPointer, fetchWithRetry, type RetryPolicy, statusError } from '../http-util.ts';
import type { Authenticator } from './rest-auth.ts';
import type { RestSettings, RestStream } from './rest-spec.ts';

/*
 * Walks one stream's pages. Each style has its own "no more" signal (no token, no next URL,
 * no rel="next" Link), and every style also stops on an empty page, once the total count the
 * API announces is reached, after `maxPages`, or when the API sends us back to a page already
 * read (a loop). Offsets advance by the records really received, not by the page size asked
 * for: an API may shorten a page without being at the end.
 */

export interface Page {
  records: Record<string, unknown>[];
  /** 1-based */
  number: number;
}

export interface PageWalk {
  settings: RestSettings;
  stream: RestStream;
  /** extra query parameters (the incremental filter) */
  params?: Record<string, string>;
  auth: Authenticator;
  retry: RetryPolicy;
  ctx: ConnectorContext;
  signal: AbortSignal;
}

/** The stream's first URL: base URL + path + its parameters. */
export function firstUrl(s: RestSettings, stream: RestStream, params: Record<string, string> = {}): URL {
  const base = s.baseUrl.endsWith('/') ? s.baseUrl : `${s.baseUrl}/`;
  const url = new URL(stream.path.replace(/^\//, ''), base);
  for (const [k, v] of Object.entries({ ...stream.params, ...params })) url.searchParams.set(k, v);
  const p = stream.pagination;
  if (p.type === 'offset') {
    url.searchParams.set(p.offsetParam!, '0');
    url.searchParams.set(p.limitParam!, String(p.pageSize));
  }
  if (p.type === 'page') {
    url.searchParams.set(p.pageParam!, String(p.startPage));
    if (p.pageSizeParam) url.searchParams.set(p.pageSizeParam, String(p.pageSize));
  }
  return url;
}

/** GET one page as JSON, with the credentials, retries and one refresh after a 401. */
async function getJson(w: PageWalk, url: URL): Promise<{ body: unknown; headers: Headers }> {
  const what = `${w.stream.name}: GET ${url.origin}${url.pathname}`;
  for (;;) {
    const target = new URL(url);
    const headers: Record<string, string> = { accept: 'application/json', ...w.settings.headers };
    await w.auth.apply(target, headers, w.signal);
    const res = await fetchWithRetry(
      w.ctx,
      target.toString(),
      // an API key under a custom name is a credential the guard cannot recognise by name
      { headers, signal: w.signal, credentials: w.settings.authType === 'none' ? 'omit' : 'include' },
      w.retry,
      what,
    );
    if (res.status === 401 && (await w.auth.refresh(w.signal))) {
      await res.body?.cancel().catch(() => {});
      continue;
    }
    if (!res.ok) throw await statusError(res, what);
    w.auth.succeeded();
    const text = await res.text();
    try {
      return { body: JSON.parse(text), headers: res.headers };
    } catch {
      throw new ConnectorRuntimeError(`${what}: the answer is not JSON (${text.slice(0, 80)})`);
    }
  }
}

/** The next page's URL from a link the API gave, which must stay on the API's origin. */
function follow(w: PageWalk, current: URL, link: unknown): URL | null {
  if (typeof link !== 'string' || link === '') return null;
  const next = new URL(link, current);
  // the credentials are for the API's origin; a next link elsewhere must not receive them
  if (next.origin !== new URL(w.settings.baseUrl).origin)
    throw new ConnectorRuntimeError(`${w.stream.name}: the next page link leaves the API (${next.origin})`);
  return next;
}

export async function* walkPages(w: PageWalk): AsyncGenerator<Page> {
  const p = w.stream.pagination;
  let url: URL | null = firstUrl(w.settings, w.stream, w.params);
  const seen = new Set<string>();
  let received = 0;
  let page = p.startPage ?? 1;
  for (let n = 1; url; n++) {
    seen.add(url.toString());
    const { body, headers } = await getJson(w, url);
    const records = atPointer(body, w.stream.recordsPointer);
    if (!Array.isArray(records))
      throw new ConnectorRuntimeError(
        `${w.stream.name}: no records array at "${w.stream.recordsPointer}" in the answer`,
      );
    yield { records: records as Record<string, unknown>[], number: n };
    received += records.length;
    if (records.length === 0) return;
    const total = p.totalPointer ? Number(atPointer(body, p.totalPointer)) : Number.NaN;
    if (Number.isFinite(total) && received >= total) return;
    if (n >= p.maxPages) {
      w.ctx.log('warn', `${w.stream.name}: stopped after ${p.maxPages} pages (the stream's max pages)`);
      return;
    }
    let next: URL | null = new URL(url);
    switch (p.type) {
      case 'none':
        return;
      case 'cursor': {
        const token = atPointer(body, p.tokenPointer);
        if (token === undefined || token === null || token === '') return;
        next.searchParams.set(p.tokenParam!, String(token));
        break;
      }
      case 'next_url':
        next = follow(w, url, atPointer(body, p.nextUrlPointer));
        break;
      case 'link_header':
        next = follow(w, url, parseLinkHeader(headers.get('link'))?.next?.url);
        break;
      case 'offset':
        next.searchParams.set(p.offsetParam!, String(received));
        break;
      case 'page':
        page += 1;
        next.searchParams.set(p.pageParam!, String(page));
        break;
    }
    if (next && seen.has(next.toString())) {
      w.ctx.log('warn', `${w.stream.name}: the API pointed back to a page already read; stopping`);
      return;
    }
    url = next;
  }
}
