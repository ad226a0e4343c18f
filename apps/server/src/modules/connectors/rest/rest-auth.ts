import { type ConnectorContext, ConnectorRuntimeError, ConnectorSettingsError } from '../contract.ts';
import { checkHttpUrl, fetchWithRetry, type RetryPolicy, statusError } from '../http-util.ts';
import type { RestSettings } from './rest-spec.ts';

/*
 * Credentials for a REST source: an API key (header or query parameter), a bearer token, basic
 * auth, or an OAuth2 client-credentials token (RFC 6749 §4.4) fetched on first use, refreshed
 * shortly before it expires and again whenever the API answers 401.
 */

export interface Authenticator {
  /** Adds the credentials to a request. */
  apply(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<void>;
  /** After a 401: true if fresh credentials were obtained and the request is worth one more try. */
  refresh(signal: AbortSignal): Promise<boolean>;
  /** A request went through: the next 401 may refresh again. */
  succeeded(): void;
}

const need = (s: RestSettings, field: keyof RestSettings) => {
  const v = s[field];
  if (typeof v !== 'string' || v === '')
    throw new ConnectorSettingsError(field, `${field} is required when authentication is ${s.authType}`);
  return v;
};

/** Checks the settings the chosen auth type needs (a ConnectorSettingsError names the missing one). */
export function checkAuthSettings(s: RestSettings): void {
  if (s.authType === 'api_key') [need(s, 'apiKeyName'), need(s, 'apiKey')];
  if (s.authType === 'bearer') need(s, 'bearerToken');
  if (s.authType === 'basic') [need(s, 'username'), need(s, 'password')];
  if (s.authType === 'oauth2') {
    checkHttpUrl('tokenUrl', need(s, 'tokenUrl'));
    need(s, 'clientId');
    need(s, 'clientSecret');
  }
}

/** Refresh this long before the announced expiry, for clock skew and the request's own time. */
const EXPIRY_MARGIN_MS = 30_000;

export function authenticator(s: RestSettings, ctx: ConnectorContext, retry: RetryPolicy): Authenticator {
  switch (s.authType) {
    case 'api_key':
      return {
        async apply(url, headers) {
          if (s.apiKeyIn === 'query') url.searchParams.set(s.apiKeyName!, s.apiKey!);
          else headers[s.apiKeyName!] = s.apiKey!;
        },
        refresh: async () => false,
        succeeded() {},
      };
    case 'bearer':
      return {
        async apply(_url, headers) {
          headers.authorization = `Bearer ${s.bearerToken}`;
        },
        refresh: async () => false,
        succeeded() {},
      };
    case 'basic':
      return {
        async apply(_url, headers) {
          headers.authorization = `Basic ${Buffer.from(`${s.username}:${s.password}`).toString('base64')}`;
        },
        refresh: async () => false,
        succeeded() {},
      };
    case 'oauth2':
      return oauth2(s, ctx, retry);
    default:
      return { apply: async () => {}, refresh: async () => false, succeeded() {} };
  }
}

function oauth2(s: RestSettings, ctx: ConnectorContext, retry: RetryPolicy): Authenticator {
  let token: { value: string; expiresAt: number } | undefined;
  let fetchedAfter401 = false;
  const fetchToken = async (signal: AbortSignal) => {
    const body = new URLSearchParams({ grant_type: 'client_credentials' });
    if (s.scope) body.set('scope', s.scope);
    const res = await fetchWithRetry(
      ctx,
      s.tokenUrl!,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          // client_secret_basic (RFC 6749 §2.3.1), names and secrets form-encoded first
          authorization: `Basic ${Buffer.from(
            `${encodeURIComponent(s.clientId!)}:${encodeURIComponent(s.clientSecret!)}`,
          ).toString('base64')}`,
        },
        body: body.toString(),
        signal,
      },
      retry,
      'OAuth2 token request',
    );
    if (!res.ok) throw await statusError(res, 'OAuth2 token request');
    const json = (await res.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (typeof json?.access_token !== 'string')
      throw new ConnectorRuntimeError('OAuth2 token request: the answer has no access_token');
    const ttl = typeof json.expires_in === 'number' ? json.expires_in * 1000 : 3600_000;
    token = { value: json.access_token, expiresAt: Date.now() + Math.max(0, ttl - EXPIRY_MARGIN_MS) };
  };
  return {
    async apply(_url, headers, signal) {
      if (!token || Date.now() >= token.expiresAt) await fetchToken(signal);
      headers.authorization = `Bearer ${token!.value}`;
    },
    async refresh(signal) {
      // one fresh token per 401 streak: a second 401 with a new token is a real refusal
      if (fetchedAfter401) return false;
      fetchedAfter401 = true;
      await fetchToken(signal);
      return true;
    },
    succeeded() {
      fetchedAfter401 = false;
    },
  };
}
