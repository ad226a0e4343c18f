import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { OutboundRefusedError } from '../../lib/safe-fetch.ts';
import {
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ConnectorSpec,
  type Settings,
} from './contract.ts';

/*
 * Helpers shared by the network connectors (REST, webhook, S3, brokers): settings validation
 * against the spec's JSON Schema, JSON Pointers, and HTTP with bounded retries.
 */

// ---------- settings ----------

const ajv = new Ajv2020({ strict: false, allErrors: false, useDefaults: true, validateFormats: false });
const compiled = new WeakMap<object, ValidateFunction>();

/** `/streams/0/path` → `streams[0].path` */
function fieldOf(e: ErrorObject): string {
  const parts = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (e.keyword === 'required') parts.push((e.params as { missingProperty: string }).missingProperty);
  if (e.keyword === 'additionalProperties')
    parts.push((e.params as { additionalProperty: string }).additionalProperty);
  return parts.reduce((acc, p) => (/^\d+$/.test(p) ? `${acc}[${p}]` : acc ? `${acc}.${p}` : p), '');
}

/**
 * The settings checked against the spec's schema, with its defaults filled in (on a copy), or a
 * ConnectorSettingsError naming the first wrong field.
 */
export function validateSettings<T>(spec: ConnectorSpec, settings: Settings): T {
  let validate = compiled.get(spec.settings);
  if (!validate) {
    validate = ajv.compile(spec.settings);
    compiled.set(spec.settings, validate);
  }
  const copy = structuredClone(settings ?? {});
  if (!validate(copy)) {
    const e = validate.errors![0]!;
    const field = fieldOf(e) || '(settings)';
    const reason =
      e.keyword === 'required'
        ? 'is required'
        : e.keyword === 'additionalProperties'
          ? 'is not a known setting'
          : (e.message ?? 'is invalid');
    throw new ConnectorSettingsError(field, `${field} ${reason}`);
  }
  return copy as T;
}

/** A URL setting that must parse and be http(s). */
export function checkHttpUrl(field: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConnectorSettingsError(field, `${field} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConnectorSettingsError(field, `${field} must be an http or https URL`);
  return url;
}

// ---------- JSON Pointer (RFC 6901) ----------

/** The value at `pointer` (`''` or `/` = the whole document), or undefined. */
export function atPointer(doc: unknown, pointer: string | undefined): unknown {
  if (!pointer || pointer === '/') return doc;
  if (!pointer.startsWith('/')) pointer = `/${pointer}`;
  let node = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A record's value at a field path given as a list of keys. */
export function atPath(record: unknown, path: readonly string[]): unknown {
  let node = record;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

// ---------- waiting and retrying ----------

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface RetryPolicy {
  /** tries in all, the first included */
  maxAttempts: number;
  /** the first backoff; doubled each attempt (with jitter) */
  baseDelayMs: number;
  /** no single wait is longer, whatever Retry-After says */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 60_000 };

/** Retry-After (RFC 9110 §10.2.3): delay-seconds or an HTTP date; undefined when absent/garbled. */
export function retryAfterMs(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

export function backoffMs(attempt: number, policy: RetryPolicy, retryAfter?: number): number {
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  const wait = retryAfter ?? exp / 2 + Math.random() * (exp / 2);
  return Math.min(policy.maxDelayMs, wait);
}

const isRetryableStatus = (s: number) => s === 429 || s === 408 || s >= 500;

/** What a network failure says, readably ("connect ECONNREFUSED 127.0.0.1:9" …). */
export function networkReason(err: unknown): string {
  const e = err as { message?: string; cause?: { code?: string; message?: string } };
  return e.cause?.message ?? e.cause?.code ?? e.message ?? String(err);
}

/**
 * One HTTP call with bounded retries: 429, 408 and 5xx wait for Retry-After or an exponential
 * backoff; network failures back off too. Exhausted retries become a transient
 * ConnectorRuntimeError; a refusal by the SSRF guard a permanent one. Other statuses are the
 * caller's to judge (it gets the Response).
 */
export async function fetchWithRetry(
  ctx: ConnectorContext,
  url: string,
  init: RequestInit & { signal?: AbortSignal },
  policy: RetryPolicy,
  what = url,
): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let res: Response | undefined;
    let failure: string;
    try {
      res = await ctx.fetch(url, init);
      if (!isRetryableStatus(res.status)) return res;
      failure = `HTTP ${res.status}`;
    } catch (err) {
      if (init.signal?.aborted) throw err;
      if (err instanceof OutboundRefusedError || (err as Error)?.name === 'OutboundRefusedError')
        throw new ConnectorRuntimeError(`${what}: ${(err as Error).message}`);
      failure = networkReason(err);
    }
    if (attempt >= policy.maxAttempts) {
      throw new ConnectorRuntimeError(`${what} failed after ${attempt} attempts (last: ${failure})`, true);
    }
    const wait = backoffMs(attempt, policy, res ? retryAfterMs(res.headers.get('retry-after')) : undefined);
    ctx.log('warn', `${what}: ${failure}, retrying in ${Math.round(wait)} ms (attempt ${attempt + 1})`);
    await res?.body?.cancel().catch(() => {});
    await sleep(wait, init.signal);
  }
}

/** A final non-2xx answer as a permanent, readable error naming the status. */
export async function statusError(res: Response, what: string): Promise<ConnectorRuntimeError> {
  const text = (await res.text().catch(() => '')).slice(0, 300).trim();
  const hint =
    res.status === 401 || res.status === 403
      ? ' (check the credentials)'
      : res.status === 404
        ? ' (check the URL and path)'
        : '';
  return new ConnectorRuntimeError(`${what}: HTTP ${res.status}${hint}${text ? `: ${text}` : ''}`);
}
