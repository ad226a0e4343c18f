import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type BlobStore, createLocalBlobStore, TooLargeError } from '../src/lib/blob-store.ts';
import {
  BlobStorageError,
  createS3BlobStore,
  createS3BlobStoreFromConfig,
} from '../src/lib/blob-store-s3.ts';

/** Contract every BlobStore implementation must meet (run against each one). */
function blobStoreContract(name: string, make: () => BlobStore) {
  describe(`BlobStore contract: ${name}`, () => {
    let store: BlobStore;
    beforeAll(() => {
      store = make();
    });
    it('stores by sha256 and streams the same bytes back', async () => {
      const content = 'hello, mapwright\n'.repeat(1000);
      const put = await store.put(Readable.from([content]));
      expect(put).toEqual({
        sha256: createHash('sha256').update(content).digest('hex'),
        size: content.length,
      });
      expect(await store.has(put.sha256)).toBe(true);
      expect(await text(await store.get(put.sha256))).toBe(content);
    });
    it('takes a file hashed as it was written by moving it into place, where it can', async () => {
      if (!store.adopt) return; // stores without it are given files with put
      const dir = mkdtempSync(join(tmpdir(), 'mw-adopt-'));
      try {
        const path = join(dir, 'file');
        writeFileSync(path, 'adopted bytes');
        const sha = createHash('sha256').update('adopted bytes').digest('hex');
        expect(await store.adopt(path, sha)).toEqual({ sha256: sha, size: 13 });
        expect(readdirSync(dir)).toEqual([]); // moved, not copied
        expect(await text(await store.get(sha))).toBe('adopted bytes');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('stores identical content once', async () => {
      const a = await store.put(Readable.from(['same']));
      const b = await store.put(Readable.from(['sa', 'me']));
      expect(a).toEqual(b);
    });
    it('stores empty content', async () => {
      const put = await store.put(Readable.from([]));
      expect(put).toEqual({ sha256: createHash('sha256').digest('hex'), size: 0 });
      expect(await text(await store.get(put.sha256))).toBe('');
    });
    it('refuses content over maxBytes', async () => {
      await expect(store.put(Readable.from(['x'.repeat(100)]), { maxBytes: 10 })).rejects.toBeInstanceOf(
        TooLargeError,
      );
      expect(await store.put(Readable.from(['x'.repeat(10)]), { maxBytes: 10 })).toMatchObject({ size: 10 });
    });
    it('deletes, and a missing or malformed address is not found', async () => {
      const put = await store.put(Readable.from(['bye']));
      await store.delete(put.sha256);
      expect(await store.has(put.sha256)).toBe(false);
      await expect(store.get(put.sha256)).rejects.toMatchObject({ statusCode: 404 });
      await expect(store.get('../../etc/passwd')).rejects.toMatchObject({ statusCode: 400 });
      await expect(store.has('../../etc/passwd')).rejects.toMatchObject({ statusCode: 400 });
    });
    const listed = async (sha: string) => {
      for await (const b of store.list()) if (b.sha256 === sha) return b;
      return undefined;
    };
    it('lists each blob with when it was written', async () => {
      const before = Date.now();
      const a = await store.put(Readable.from(['listed a']));
      const b = await store.put(Readable.from(['listed b']));
      const all: string[] = [];
      for await (const blob of store.list()) all.push(blob.sha256);
      expect(all).toEqual(expect.arrayContaining([a.sha256, b.sha256]));
      // (S3 keeps whole seconds)
      expect((await listed(a.sha256))!.modifiedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect((await listed(a.sha256))!.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      await store.delete(a.sha256);
      expect(await listed(a.sha256)).toBeUndefined();
    });
    it('counts storing content that exists as a write (the sweep then leaves it alone)', async () => {
      const put = await store.put(Readable.from(['written twice']));
      const first = (await listed(put.sha256))!.modifiedAt;
      await new Promise((r) => setTimeout(r, 1100));
      await store.put(Readable.from(['written twice']));
      expect((await listed(put.sha256))!.modifiedAt.getTime()).toBeGreaterThan(first.getTime());
    });
    it('deletes a blob only when it was written before the cutoff', async () => {
      const put = await store.put(Readable.from(['aged']));
      expect(await store.deleteIfOlder(put.sha256, new Date(Date.now() - 60_000))).toBe(false);
      expect(await store.has(put.sha256)).toBe(true);
      expect(await store.deleteIfOlder(put.sha256, new Date(Date.now() + 60_000))).toBe(true);
      expect(await store.has(put.sha256)).toBe(false);
      // gone already (a second sweep): nothing to do
      expect(await store.deleteIfOlder(put.sha256, new Date(Date.now() + 60_000))).toBe(false);
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'mw-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
blobStoreContract('local', () => createLocalBlobStore(root));

it('lists no temporary upload, and a sweep leaves none behind', async () => {
  const store = createLocalBlobStore(join(root, 'tmp-listing'));
  const put = await store.put(Readable.from(['kept apart']));
  mkdirSync(join(root, 'tmp-listing', 'tmp'), { recursive: true });
  writeFileSync(join(root, 'tmp-listing', 'tmp', 'a'.repeat(64)), 'half an upload');
  const all: string[] = [];
  for await (const b of store.list()) all.push(b.sha256);
  expect(all).toEqual([put.sha256]);
  await store.deleteIfOlder(put.sha256, new Date(Date.now() + 60_000));
  expect(readdirSync(join(root, 'tmp-listing', 'tmp'))).toEqual(['a'.repeat(64)]);
});

it('leaves no temporary file behind after a refused upload', async () => {
  const store = createLocalBlobStore(root);
  await expect(store.put(Readable.from(['x'.repeat(100)]), { maxBytes: 1 })).rejects.toThrow();
  expect(readdirSync(join(root, 'tmp'))).toEqual([]);
});

// ---- S3, against s3rver (a local S3-compatible server) ----

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no types
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const BUCKET = 'mapwright-test';
const s3Dir = mkdtempSync(join(tmpdir(), 'mw-s3rver-'));
let s3rver: S3rverInstance;
let endpoint: string;
let client: S3Client;
const newClient = () =>
  new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });

beforeAll(async () => {
  s3rver = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = newClient();
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});
afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

/** a client that notes the name of every command it sends */
const recordingClient = () => {
  const sent: string[] = [];
  const recording = newClient();
  recording.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? '');
      return next(args);
    },
    { step: 'initialize' },
  );
  return { client: recording, sent };
};
const s3Store = (prefix: string) => createS3BlobStore({ bucket: BUCKET, prefix, client });
const keysUnder = async (prefix: string) => {
  const res = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key ?? '').sort();
};

/** `mb` MiB of pseudo-random bytes in 64 KiB chunks, generated as they are read */
function generated(mb: number) {
  let seed = 42;
  return Readable.from(
    (function* () {
      for (let i = 0; i < mb * 16; i++) {
        const chunk = Buffer.alloc(65_536);
        for (let j = 0; j < chunk.length; j += 4) {
          seed = (seed * 1_103_515_245 + 12_345) >>> 0;
          chunk.writeUInt32LE(seed, j);
        }
        yield chunk;
      }
    })(),
  );
}
const sha256Of = async (stream: Readable) => {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
};

blobStoreContract('s3', () => s3Store('contract'));

describe('S3 blob store', () => {
  it('streams a multi-part upload to its content address and removes the temporary object', async () => {
    const { client: recording, sent } = recordingClient();
    const store = createS3BlobStore({ bucket: BUCKET, prefix: 'big', client: recording });
    const put = await store.put(generated(12));
    // 12 MiB: three parts of at most 5 MiB, never the whole body in one request
    expect(sent.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(sent).not.toContain('PutObjectCommand');
    expect(put).toEqual(await sha256Of(generated(12)));
    expect(await sha256Of(await store.get(put.sha256))).toEqual(put);
    // the prefix gets its `/`; only the content address is left
    expect(await keysUnder('big')).toEqual([`big/${put.sha256.slice(0, 2)}/${put.sha256}`]);
    recording.destroy();
  });

  it('aborts a too-large upload mid-stream and leaves no object behind', async () => {
    const { client: recording, sent } = recordingClient();
    const store = createS3BlobStore({ bucket: BUCKET, prefix: 'refused', client: recording });
    // past the first 5 MiB part, so a multipart upload had started
    await expect(store.put(generated(12), { maxBytes: 7 * 1024 ** 2 })).rejects.toBeInstanceOf(TooLargeError);
    expect(sent).toContain('UploadPartCommand');
    // (s3rver does not implement AbortMultipartUpload, so the parts themselves are not checked)
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(sent).not.toContain('CopyObjectCommand');
    await expect(store.put(Readable.from(['x'.repeat(100)]), { maxBytes: 1 })).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(await keysUnder('refused')).toEqual([]);
    recording.destroy();
  });

  it('stores identical content once', async () => {
    const store = s3Store('dedupe/');
    const a = await store.put(Readable.from(['twice']));
    const b = await store.put(Readable.from(['tw', 'ice']));
    expect(b).toEqual(a);
    expect(await keysUnder('dedupe/')).toEqual([`dedupe/${a.sha256.slice(0, 2)}/${a.sha256}`]);
    await store.delete(a.sha256);
    expect(await keysUnder('dedupe/')).toEqual([]);
  });

  it('lists only the blobs under its prefix, not temporary uploads or other keys', async () => {
    const store = s3Store('listing');
    const put = await store.put(Readable.from(['listed on s3']));
    const raw = (Key: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }));
    await raw('listing/tmp/0f0e2a6c-1d7b-4d5e-9d1a-3c1b2f3e4d5c');
    await raw(`listing/notes/${put.sha256}`);
    await raw(`listing-other/${put.sha256.slice(0, 2)}/${'b'.repeat(64)}`);
    const all: string[] = [];
    for await (const b of store.list()) all.push(b.sha256);
    expect(all).toEqual([put.sha256]);
  });

  it('passes a failing source stream through and leaves nothing behind', async () => {
    const store = s3Store('broken');
    const source = Readable.from(
      (function* () {
        yield Buffer.alloc(1024);
        throw new Error('client went away');
      })(),
    );
    await expect(store.put(source)).rejects.toThrow('client went away');
    expect(await keysUnder('broken')).toEqual([]);
  });

  it('reports S3 failures with the operation, object and cause', async () => {
    const store = createS3BlobStore({ bucket: 'no-such-bucket', client });
    const err = await store.put(Readable.from(['data'])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BlobStorageError);
    expect((err as Error).message).toMatch(
      /^S3 upload of s3:\/\/no-such-bucket\/tmp\/[0-9a-f-]+ failed.*NoSuchBucket/,
    );
    await expect(store.get('a'.repeat(64))).rejects.toThrow(/GetObject.*NoSuchBucket/);
  });

  it('is built from the S3_ variables', async () => {
    const config = loadConfig({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_PREFIX: 'configured',
    });
    const store = createS3BlobStoreFromConfig(config);
    const put = await store.put(Readable.from(['from config']));
    expect(await text(await store.get(put.sha256))).toBe('from config');
    expect(await keysUnder('configured/')).toEqual([`configured/${put.sha256.slice(0, 2)}/${put.sha256}`]);
  });
});
