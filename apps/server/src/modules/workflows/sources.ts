import { SAMPLE_SOURCE_APP } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { parseAllowlist, safeFetch } from '../../lib/safe-fetch.ts';
import { decryptSecret } from '../../lib/secret-box.ts';
import * as appsRepo from './apps.repository.ts';
import { inProcessApp } from './in-process.ts';

/*
 * Where a node's requests go. The built-in sample API is called in-process; an authenticated
 * app over HTTP through the SSRF guard, with its credentials added (API key header, or an
 * OAuth2 client-credentials token fetched once per run).
 */

export interface OutboundRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** per hop (default: safeFetch's 30 s) */
  timeoutMs?: number;
  /** the call fails when the response is larger (default: safeFetch's 10 MB) */
  maxBytes?: number;
  /** carries a secret (app credentials, a client secret): never redirected to another origin */
  credentials?: boolean;
}
export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Source {
  id: string;
  /** the base URL endpoint paths are appended to */
  base: string;
  send(req: OutboundRequest, signal: AbortSignal): Promise<OutboundResponse>;
  /** the URL to call for a `page.next` link; throws when it leaves the app */
  follow(link: string): string;
}

export class SourceError extends Error {}

const guardOf = (ctx: AppContext) => ({ allowlist: parseAllowlist(ctx.config.OUTBOUND_ALLOWLIST) });

/** Plain HTTP through the guard, as used for delivery URLs and token endpoints. */
export async function guardedFetch(
  ctx: AppContext,
  req: OutboundRequest,
  signal: AbortSignal,
): Promise<OutboundResponse> {
  return safeFetch(
    req.url,
    {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      timeoutMs: req.timeoutMs,
      maxBytes: req.maxBytes,
      credentials: req.credentials,
    },
    guardOf(ctx),
  );
}

function builtinSource(ctx: AppContext): Source {
  const key = ctx.config.FINANCE_API_KEY;
  return {
    id: SAMPLE_SOURCE_APP,
    base: '',
    async send(req) {
      const res = await inProcessApp(ctx).inject({
        method: req.method as 'GET',
        url: req.url,
        headers: { ...req.headers, ...(key ? { authorization: `Bearer ${key}` } : {}) },
        payload: req.body,
      });
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = String(v);
      return { status: res.statusCode, headers, body: res.body };
    },
    follow(link) {
      // the sample API builds absolute links from the request's host: keep the path only
      const url = new URL(link, 'http://localhost');
      if (!url.pathname.startsWith('/api/v1/'))
        throw new SourceError(`page.next leaves the sample API (${link})`);
      return url.pathname + url.search;
    },
  };
}

async function oauthToken(
  ctx: AppContext,
  settings: Record<string, string | null>,
  secret: string,
  signal: AbortSignal,
) {
  const form = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: settings.clientId ?? '',
    client_secret: secret,
  });
  if (settings.scope) form.set('scope', settings.scope);
  const res = await guardedFetch(
    ctx,
    {
      method: 'POST',
      url: settings.tokenUrl ?? '',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: form.toString(),
      credentials: true,
    },
    signal,
  );
  let token: unknown;
  try {
    token = (JSON.parse(res.body) as { access_token?: unknown }).access_token;
  } catch {}
  if (res.status !== 200 || typeof token !== 'string')
    throw new SourceError(`the OAuth2 token endpoint answered ${res.status} without an access_token`);
  return token;
}

/** Resolves an app id to a Source; tokens are cached in `cache` for the run. */
export async function openSource(
  ctx: AppContext,
  orgId: string,
  appId: string,
  cache: Map<string, Source>,
  signal: AbortSignal,
): Promise<Source> {
  const cached = cache.get(appId);
  if (cached) return cached;
  let source: Source;
  if (appId === SAMPLE_SOURCE_APP) source = builtinSource(ctx);
  else {
    const row = /^[0-9a-f-]{36}$/i.test(appId) ? await appsRepo.findApp(ctx.db, orgId, appId) : undefined;
    if (!row) throw new SourceError(`the source app '${appId}' is not connected (see authenticated apps)`);
    const secret = decryptSecret(ctx.jwtSecret, row.secretEncrypted, row.id);
    const auth: Record<string, string> = {};
    if (row.kind === 'api_key') {
      const header = row.settings.headerName ?? 'Authorization';
      auth[header.toLowerCase()] = header.toLowerCase() === 'authorization' ? `Bearer ${secret}` : secret;
    } else {
      auth.authorization = `Bearer ${await oauthToken(ctx, row.settings, secret, signal)}`;
    }
    const base = row.baseUrl.replace(/\/+$/, '');
    const origin = new URL(base).origin;
    source = {
      id: row.id,
      base,
      send: (req, sig) =>
        guardedFetch(ctx, { ...req, headers: { ...req.headers, ...auth }, credentials: true }, sig),
      follow(link) {
        const url = new URL(link, `${base}/`);
        // credentials go to the app's own origin only
        if (url.origin !== origin)
          throw new SourceError(`page.next points to another origin (${url.origin})`);
        return url.toString();
      },
    };
  }
  cache.set(appId, source);
  return source;
}
