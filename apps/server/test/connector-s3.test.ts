import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type DestinationConnector,
  type SourceConnector,
} from '../src/modules/connectors/contract.ts';
import { findConnector } from '../src/modules/connectors/registry.ts';
import { collect, netContext } from './connector-net-helpers.ts';

/* The S3 source and destination against s3rver, an S3-compatible server on loopback. */

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no types
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const BUCKET = 'conn-test';
const dir = mkdtempSync(join(tmpdir(), 'mw-s3rver-conn-'));
let s3rver: S3rverInstance;
let endpoint: string;
let client: S3Client;
const s3 = findConnector('s3') as SourceConnector & DestinationConnector;
const ctx = netContext();
const signal = new AbortController().signal;

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir });
  endpoint = `http://127.0.0.1:${(await s3rver.run()).port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
  rmSync(dir, { recursive: true, force: true });
});

const settings = (extra: Record<string, unknown> = {}) => ({
  endpoint,
  bucket: BUCKET,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  ...extra,
});
const keys = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map(
    (o) => o.Key!,
  );
const people = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({
    id: from + i,
    name: `person ${from + i}`,
    tags: ['a', 'b'],
  }));
const schema = {
  type: 'object',
  properties: { id: { type: 'integer' }, name: { type: 'string' }, tags: { type: 'array' } },
};
const write = async (
  s: Record<string, unknown>,
  mode: 'append' | 'overwrite',
  batches: Record<string, unknown>[][],
) => {
  const w = await s3.open(
    s,
    { stream: 'people', mode, jsonSchema: schema, signal, runId: `run-${Math.random()}` },
    ctx,
  );
  for (const b of batches) await w.write(b);
  await w.commit();
};
const read = (s: Record<string, unknown>, more: Record<string, unknown> = {}) =>
  collect(s3.read(s, { stream: 'people', syncMode: 'full_refresh', signal, ...more }, ctx));

describe('S3 destination and source', () => {
  it('is registered on both sides', () => {
    expect(s3.spec.roles).toEqual(['source', 'destination']);
    expect(s3.spec.acknowledgesOnCommit).toBe(true);
  });

  it('JSON Lines: a multipart overwrite of ~7 MB reads back every record once, no temporary key left', async () => {
    const s = settings({
      prefix: 'jl',
      format: 'jsonl',
      streams: [{ name: 'people', pattern: 'people.jsonl' }],
    });
    const batches = Array.from({ length: 14 }, (_, b) =>
      people(b * 5000, (b + 1) * 5000).map((p) => ({ ...p, pad: 'x'.repeat(40) })),
    );
    await write(s, 'overwrite', batches);
    expect(await keys('jl/')).toEqual(['jl/people.jsonl']);
    const { records, states } = await read(s);
    expect(records).toHaveLength(70_000);
    expect(new Set(records.map((r) => r.id)).size).toBe(70_000);
    expect(records[3]).toEqual({ id: 3, name: 'person 3', tags: ['a', 'b'], pad: 'x'.repeat(40) });
    expect(states).toHaveLength(1);
  });

  it('overwrite: an aborted write leaves the previous object as it was', async () => {
    const s = settings({ prefix: 'ow', format: 'jsonl', streams: [{ name: 'people', pattern: '*.jsonl' }] });
    await write(s, 'overwrite', [people(0, 5)]);
    const w = await s3.open(s, { stream: 'people', mode: 'overwrite', jsonSchema: schema, signal }, ctx);
    await w.write(people(100, 200));
    await w.abort();
    expect((await read(s)).records.map((r) => r.id)).toEqual([0, 1, 2, 3, 4]);
    await write(s, 'overwrite', [people(7, 9)]);
    expect((await read(s)).records.map((r) => r.id)).toEqual([7, 8]);
    expect(await keys('ow/')).toEqual(['ow/people.jsonl']);
  });

  it('CSV: append adds an object per sync; incremental reads only the new objects', async () => {
    const s = settings({
      prefix: 'csv/',
      format: 'csv',
      streams: [{ name: 'people', pattern: 'people/*.csv' }],
    });
    await write(s, 'append', [people(0, 3), people(3, 5)]);
    const first = await read(s, { syncMode: 'incremental' });
    expect(first.records).toEqual(
      people(0, 5).map((p) => ({ id: String(p.id), name: p.name, tags: '["a","b"]' })),
    );
    await write(s, 'append', [people(5, 8)]);
    expect(await keys('csv/')).toHaveLength(2);
    const second = await read(s, { syncMode: 'incremental', state: first.states.at(-1) });
    expect(second.records.map((r) => r.id)).toEqual(['5', '6', '7']);
    const third = await read(s, { syncMode: 'incremental', state: second.states.at(-1) });
    expect(third.records).toEqual([]);
    expect((await read(s)).records).toHaveLength(8);
  });

  it('Parquet: written through DuckDB, read back in order', async () => {
    const s = settings({
      prefix: 'pq',
      format: 'parquet',
      streams: [{ name: 'people', pattern: '*.parquet' }],
    });
    await write(s, 'overwrite', [people(0, 12_000), people(12_000, 25_000)]);
    const { records } = await read(s);
    expect(records).toHaveLength(25_000);
    expect(records.map((r) => Number(r.id))).toEqual(people(0, 25_000).map((p) => p.id));
    expect(records[1]).toMatchObject({ name: 'person 1', tags: ['a', 'b'] });
  });

  it('discover samples the first object of each stream', async () => {
    await client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'disc/orders/1.jsonl',
        Body: '{"order":1,"total":9.5}\n{"order":2,"total":3}\n',
      }),
    );
    const streams = await s3.discover(
      settings({ prefix: 'disc', streams: [{ name: 'orders', pattern: 'orders/*.jsonl' }] }),
      ctx,
    );
    expect(streams).toMatchObject([
      {
        name: 'orders',
        syncModes: ['full_refresh', 'incremental'],
        jsonSchema: { properties: { order: { type: 'integer' } } },
      },
    ]);
  });

  it('a broken line names the object and the line', async () => {
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'bad/x.jsonl', Body: '{"a":1}\n{oops\n' }));
    await expect(
      read(settings({ prefix: 'bad', streams: [{ name: 'people', pattern: '*' }] })),
    ).rejects.toThrow('s3://conn-test/bad/x.jsonl line 2 is not JSON');
  });
});

describe('S3 check: settings, credentials, reachability, SSRF', () => {
  it('names the field', async () => {
    const field = async (s: Record<string, unknown>) =>
      ((await s3.check(s, ctx).catch((e) => e)) as ConnectorSettingsError).field;
    expect(await field({ accessKeyId: 'a', secretAccessKey: 'b' })).toBe('bucket');
    expect(await field(settings({ format: 'xml' }))).toBe('format');
    expect(await field(settings({ endpoint: 'ftp://x' }))).toBe('endpoint');
    expect(await field(settings({ bucket: 'no-such-bucket' }))).toBe('bucket');
    await expect(s3.check(settings(), ctx)).resolves.toBeUndefined();
  });
  it('a wrong secret, an unreachable endpoint and a private endpoint are readable errors', async () => {
    // (s3rver knows its access key but does not verify signatures, so a wrong key stands in)
    const wrong = await s3.check(settings({ accessKeyId: 'nobody' }), ctx).catch((e) => e);
    expect(wrong).toBeInstanceOf(ConnectorRuntimeError);
    expect(wrong.message).toMatch(/the access key or secret is not accepted/);
    const down = await s3.check(settings({ endpoint: 'http://127.0.0.1:1' }), ctx).catch((e) => e);
    expect(down).toBeInstanceOf(ConnectorRuntimeError);
    expect(down.message).toMatch(/not reachable/);
    const ssrf = await s3.check(settings({ endpoint: 'http://169.254.169.254' }), ctx).catch((e) => e);
    expect(ssrf).toBeInstanceOf(ConnectorRuntimeError);
    expect(ssrf.message).toMatch(/refused: 169.254.169.254 resolves to a private address/);
  });
  it('upsert is refused, naming the mode', async () => {
    await expect(
      s3.open(settings(), { stream: 'people', mode: 'upsert', jsonSchema: schema, signal }, ctx),
    ).rejects.toBeInstanceOf(ConnectorSettingsError);
  });
});
