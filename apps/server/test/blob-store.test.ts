import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { type BlobStore, createLocalBlobStore, TooLargeError } from '../src/lib/blob-store.ts';

/** Contract every BlobStore implementation must meet (run against each one). */
function blobStoreContract(name: string, make: () => BlobStore) {
  describe(`BlobStore contract: ${name}`, () => {
    const store = make();
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
    it('stores identical content once', async () => {
      const a = await store.put(Readable.from(['same']));
      const b = await store.put(Readable.from(['sa', 'me']));
      expect(a).toEqual(b);
    });
    it('refuses content over maxBytes', async () => {
      await expect(store.put(Readable.from(['x'.repeat(100)]), { maxBytes: 10 })).rejects.toBeInstanceOf(
        TooLargeError,
      );
    });
    it('deletes, and a missing or malformed address is not found', async () => {
      const put = await store.put(Readable.from(['bye']));
      await store.delete(put.sha256);
      expect(await store.has(put.sha256)).toBe(false);
      await expect(store.get(put.sha256)).rejects.toMatchObject({ statusCode: 404 });
      await expect(store.get('../../etc/passwd')).rejects.toMatchObject({ statusCode: 400 });
    });
  });
}

const root = mkdtempSync(join(tmpdir(), 'mw-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
blobStoreContract('local', () => createLocalBlobStore(root));

it('leaves no temporary file behind after a refused upload', async () => {
  const store = createLocalBlobStore(root);
  await expect(store.put(Readable.from(['x'.repeat(100)]), { maxBytes: 1 })).rejects.toThrow();
  expect(readdirSync(join(root, 'tmp'))).toEqual([]);
});
