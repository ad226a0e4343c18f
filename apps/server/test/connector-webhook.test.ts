import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectorRuntimeError, type ConnectorSettingsError } from '../src/modules/connectors/contract.ts';
import { findConnector } from '../src/modules/connectors/registry.ts';
import { createWebhookConnector } from '../src/modules/connectors/webhook/webhook.connector.ts';
import { netContext, startServer } from './connector-net-helpers.ts';

/*
 * The webhook destination against a receiver that fails on purpose: 503s, 429s, and requests it
 * processes but whose answer is lost (the connection is cut), which the sender must replay with
 * the same Idempotency-Key. The receiver deduplicates by key, as a well-behaved one does.
 */

let url: string;
let server: Server;
let calls = 0;
/** key → the body first received under it */
const byKey = new Map<string, string>();
const replays: string[] = [];
let signatures: (string | undefined)[] = [];
const webhook = createWebhookConnector({ retry: { baseDelayMs: 1, maxDelayMs: 20 } });
const ctx = netContext();
const signal = new AbortController().signal;
const schema = { type: 'object' };

beforeAll(async () => {
  ({ url, server } = await startServer((req, res, body) => {
    calls++;
    if (req.url === '/bad') {
      res.writeHead(400, { 'content-type': 'application/json' });
      return res.end('{"error":"records must have an email"}');
    }
    if (calls % 4 === 0) {
      res.writeHead(503, { 'retry-after': '0' });
      return res.end();
    }
    if (calls % 5 === 0) {
      res.writeHead(429, { 'retry-after': '0' });
      return res.end();
    }
    if (req.method !== 'POST') {
      res.writeHead(405);
      return res.end();
    }
    const key = String(req.headers['idempotency-key']);
    signatures.push(req.headers['x-mapwright-signature'] as string | undefined);
    if (byKey.has(key)) {
      replays.push(key);
      expect(byKey.get(key)).toBe(body);
    } else byKey.set(key, body);
    // processed, but the answer never arrives
    if (calls % 6 === 0) return req.socket.destroy();
    res.writeHead(200);
    res.end('ok');
  }));
});
afterAll(() => server?.close());
beforeEach(() => {
  byKey.clear();
  replays.length = 0;
  signatures = [];
});

const received = () =>
  [...byKey.values()].flatMap((b) =>
    (JSON.parse(b) as { records: { id: number }[] }).records.map((r) => r.id),
  );
const records = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ id: from + i }));

describe('webhook destination', () => {
  it('is registered', () => {
    expect(findConnector('webhook')?.spec.roles).toEqual(['destination']);
  });

  it('delivers every record once in batches through failures; retried batches carry the same key', async () => {
    const w = await webhook.open(
      { url: `${url}/hook`, batchSize: 7, maxAttempts: 8 },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId: 'run-1' },
      ctx,
    );
    await w.write(records(0, 50));
    await w.write(records(50, 103));
    await w.commit();
    expect(received().sort((a, b) => a - b)).toEqual(records(0, 103).map((r) => r.id));
    expect(byKey.size).toBe(8 + 8);
    expect(replays.length).toBeGreaterThan(0);
    for (const key of byKey.keys()) expect(key).toMatch(/^run-1:people:\d+:[0-9a-f]{16}$/);
  });

  it('a resumed run sending the same batches again repeats their keys', async () => {
    const open = () =>
      webhook.open(
        { url: `${url}/hook`, batchSize: 10, maxAttempts: 8 },
        { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId: 'run-2' },
        ctx,
      );
    const first = await open();
    await first.write(records(0, 30));
    const keys = new Set(byKey.keys());
    const again = await open();
    await again.write(records(0, 30));
    expect(new Set(byKey.keys())).toEqual(keys);
    expect(received()).toHaveLength(30);
  });

  it('signs the body with HMAC-SHA256 when a secret is set', async () => {
    const w = await webhook.open(
      { url: `${url}/hook`, batchSize: 100, secret: 's3cret', maxAttempts: 8 },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal, runId: 'run-3' },
      ctx,
    );
    await w.write(records(0, 3));
    const body = [...byKey.values()][0]!;
    expect(signatures.at(-1)).toBe(`sha256=${createHmac('sha256', 's3cret').update(body).digest('hex')}`);
  });

  it('a 4xx stops with an error naming the status; exhausted retries are transient', async () => {
    const w = await webhook.open(
      { url: `${url}/bad` },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal },
      ctx,
    );
    await expect(w.write(records(0, 3))).rejects.toThrow(
      'webhook batch 0 (3 records): HTTP 400: {"error":"records must have an email"}',
    );
    const down = await webhook.open(
      { url: 'http://127.0.0.1:1/hook', maxAttempts: 2 },
      { stream: 'people', mode: 'append', jsonSchema: schema, signal },
      ctx,
    );
    const err = await down.write(records(0, 1)).catch((e) => e);
    expect(err).toBeInstanceOf(ConnectorRuntimeError);
    expect(err.transient).toBe(true);
    expect(err.message).toMatch(/failed after 2 attempts \(last: .*ECONNREFUSED/);
  });

  it('check: a field error names the field; reachability; the SSRF guard', async () => {
    const field = async (s: Record<string, unknown>) =>
      ((await webhook.check(s, ctx).catch((e) => e)) as ConnectorSettingsError).field;
    expect(await field({})).toBe('url');
    expect(await field({ url: 'mailto:x@y.z' })).toBe('url');
    expect(await field({ url, batchSize: 0 })).toBe('batchSize');
    await expect(webhook.check({ url: `${url}/hook` }, ctx)).resolves.toBeUndefined();
    await expect(webhook.check({ url: 'http://127.0.0.1:1/' }, ctx)).rejects.toThrow(/is not reachable/);
    await expect(webhook.check({ url: 'http://192.168.1.1/hook' }, ctx)).rejects.toThrow(
      /refused: 192.168.1.1 resolves to a private address/,
    );
  });
});
