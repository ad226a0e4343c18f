import { createHash, createHmac, randomUUID } from 'node:crypto';
import type {
  ConnectorContext,
  ConnectorSpec,
  DestinationConnector,
  DestinationWriter,
} from '../contract.ts';
import { ConnectorRuntimeError } from '../contract.ts';
import {
  checkHttpUrl,
  DEFAULT_RETRY,
  fetchWithRetry,
  networkReason,
  type RetryPolicy,
  statusError,
  validateSettings,
} from '../http-util.ts';

/*
 * A webhook destination: records are POSTed in batches of `batchSize` as
 * `{"stream","batch","records":[…]}`. Each batch carries an `Idempotency-Key` derived from the
 * sync run, the stream, the batch's sequence number and a digest of its records, so a batch sent
 * again (a retry, or a resumed run re-reading the same records) carries the same key and a
 * receiver can drop the repeat, while a different batch never shares a key. 429, 5xx and network
 * failures are retried with backoff; another 4xx stops the sync with the status named. With a
 * secret, `X-Mapwright-Signature: sha256=<hex HMAC-SHA256 of the body>` lets the receiver
 * verify the sender (the scheme GitHub and Stripe webhooks use).
 */

interface WebhookSettings {
  url: string;
  method: 'POST' | 'PUT';
  batchSize: number;
  bearerToken?: string;
  secret?: string;
  headers?: Record<string, string>;
  maxAttempts: number;
}

export const webhookSpec: ConnectorSpec = {
  type: 'webhook',
  title: 'Webhook',
  description: 'POSTs records in JSON batches to a URL, with an idempotency key per batch and retries.',
  roles: ['destination'],
  secretFields: ['bearerToken', 'secret'],
  writeModes: ['append'],
  settings: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', title: 'URL', format: 'uri', minLength: 1 },
      method: { type: 'string', title: 'Method', enum: ['POST', 'PUT'], default: 'POST' },
      batchSize: { type: 'integer', title: 'Records per request', minimum: 1, maximum: 10_000, default: 100 },
      bearerToken: { type: 'string', title: 'Bearer token', writeOnly: true },
      secret: {
        type: 'string',
        title: 'Signing secret',
        description: 'Adds X-Mapwright-Signature: sha256=<HMAC of the body>',
        writeOnly: true,
      },
      headers: { type: 'object', title: 'Extra headers', additionalProperties: { type: 'string' } },
      maxAttempts: { type: 'integer', title: 'Attempts per batch', minimum: 1, maximum: 10, default: 5 },
    },
  },
};

export function idempotencyKey(runId: string, stream: string, seq: number, body: string): string {
  const digest = createHash('sha256').update(body).digest('hex').slice(0, 16);
  return `${runId}:${stream}:${seq}:${digest}`;
}

export function createWebhookConnector(opts: { retry?: Partial<RetryPolicy> } = {}): DestinationConnector {
  const settingsOf = (raw: Record<string, unknown>) => {
    const s = validateSettings<WebhookSettings>(webhookSpec, raw);
    checkHttpUrl('url', s.url);
    return s;
  };
  const headersOf = (s: WebhookSettings): Record<string, string> => ({
    ...s.headers,
    ...(s.bearerToken ? { authorization: `Bearer ${s.bearerToken}` } : {}),
  });

  return {
    spec: webhookSpec,

    /** Any HTTP answer to a HEAD proves the URL reachable; nothing is delivered. */
    async check(raw, ctx) {
      const s = settingsOf(raw);
      try {
        const res = await ctx.fetch(s.url, {
          method: 'HEAD',
          headers: headersOf(s),
          signal: AbortSignal.timeout(30_000),
        });
        if (res.status === 401 || res.status === 403) throw await statusError(res, 'webhook');
      } catch (err) {
        if (err instanceof ConnectorRuntimeError) throw err;
        throw new ConnectorRuntimeError(`webhook: ${s.url} is not reachable (${networkReason(err)})`);
      }
    },

    async open(raw, req, ctx: ConnectorContext): Promise<DestinationWriter> {
      const s = settingsOf(raw);
      const policy = { ...DEFAULT_RETRY, ...opts.retry, maxAttempts: s.maxAttempts };
      const runId = req.runId ?? randomUUID();
      let seq = 0;
      const post = async (records: ReadonlyArray<Record<string, unknown>>) => {
        const batch = seq++;
        const body = JSON.stringify({ stream: req.stream, batch, records });
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          ...headersOf(s),
          'idempotency-key': idempotencyKey(runId, req.stream, batch, body),
        };
        if (s.secret)
          headers['x-mapwright-signature'] =
            `sha256=${createHmac('sha256', s.secret).update(body).digest('hex')}`;
        const what = `webhook batch ${batch} (${records.length} records)`;
        const res = await fetchWithRetry(
          ctx,
          s.url,
          // custom headers may hold secrets: never redirected to another origin
          { method: s.method, headers, body, signal: req.signal, credentials: 'include' },
          policy,
          what,
        );
        if (!res.ok) throw await statusError(res, what);
        await res.body?.cancel().catch(() => {});
      };
      return {
        // resolves once every batch of these records was answered 2xx
        async write(records) {
          for (let i = 0; i < records.length; i += s.batchSize) await post(records.slice(i, i + s.batchSize));
        },
        async commit() {},
        async abort() {},
      };
    },
  };
}

export const webhookConnector = createWebhookConnector();
