import type { TErrorHandling } from '@mapwright/contracts';
import { OutboundRefusedError } from '../../lib/safe-fetch.ts';
import type { OutboundRequest, OutboundResponse, Source } from './sources.ts';

/*
 * One logical call of a node with its retries: network errors, 408, 429 and 5xx are retried up
 * to `retries` times, waiting `delay` ms, then twice as long each time; a 429 or 503 with
 * Retry-After waits what the server asked (up to MAX_RETRY_AFTER_MS).
 */

export const MAX_RETRY_AFTER_MS = 60_000;
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

export interface CallLogEntry {
  method: string;
  url: string;
  attempt: number;
  status: number | null;
  startedAt: string;
  durationMs: number;
  waitMs: number;
  error: string | null;
}

export class CallError extends Error {
  constructor(
    message: string,
    readonly response?: OutboundResponse,
  ) {
    super(message);
  }
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After as ms: delta-seconds or an HTTP date. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 300)}…` : flat;
};

export async function callWithRetries(
  source: Source,
  req: OutboundRequest,
  policy: TErrorHandling,
  signal: AbortSignal,
  log: (e: CallLogEntry) => void,
): Promise<OutboundResponse> {
  let wait = 0;
  for (let attempt = 1; ; attempt++) {
    if (wait > 0) await sleep(wait, signal);
    if (signal.aborted) throw signal.reason;
    const started = Date.now();
    const entry = (status: number | null, error: string | null): CallLogEntry => ({
      method: req.method,
      url: req.url,
      attempt,
      status,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      waitMs: wait,
      error,
    });
    const backoff = policy.delay * 2 ** (attempt - 1);
    const canRetry = attempt <= policy.retries;
    let res: OutboundResponse;
    try {
      res = await source.send(req, signal);
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      const message = err instanceof Error ? err.message : String(err);
      log(entry(null, message));
      // a refused URL stays refused: retrying cannot help
      if (!canRetry || err instanceof OutboundRefusedError) throw new CallError(message);
      wait = backoff;
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      log(entry(res.status, null));
      return res;
    }
    const error = `${req.method} ${req.url} answered ${res.status}: ${excerpt(res.body) || '(empty body)'}`;
    log(entry(res.status, error));
    if (!RETRYABLE.has(res.status) || !canRetry) throw new CallError(error, res);
    const asked = res.status === 429 || res.status === 503 ? retryAfterMs(res.headers['retry-after']) : null;
    if (asked !== null && asked > MAX_RETRY_AFTER_MS)
      throw new CallError(
        `${error} (the server asks to wait ${Math.round(asked / 1000)} s, more than ${MAX_RETRY_AFTER_MS / 1000} s)`,
        res,
      );
    wait = asked ?? backoff;
  }
}
