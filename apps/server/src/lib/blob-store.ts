import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from './errors.ts';

export interface StoredBlob {
  sha256: string;
  size: number;
}

/** A blob as the store lists it: its address and when it was last written. */
export interface ListedBlob {
  sha256: string;
  modifiedAt: Date;
}

/**
 * Content-addressed storage for uploads, file versions and results. Data is streamed through:
 * never held whole in memory. Identical content is stored once.
 */
export interface BlobStore {
  /** stores the stream; rejects with 413 past `maxBytes`, leaving nothing behind */
  put(data: Readable, opts?: { maxBytes?: number }): Promise<StoredBlob>;
  get(sha256: string): Promise<Readable>;
  has(sha256: string): Promise<boolean>;
  delete(sha256: string): Promise<void>;
  /**
   * Every blob in the store with when it was last written (a `put` of content already stored
   * counts as a write: it is about to be referenced again). Temporary uploads are not blobs.
   */
  list(): AsyncIterable<ListedBlob>;
  /**
   * Deletes the blob unless it was written after `cutoff` (looked at again at the moment of
   * deleting, so a `put` of the same content since it was listed keeps it); true when deleted.
   */
  deleteIfOlder(sha256: string, cutoff: Date): Promise<boolean>;
  /** the blob as a file on this machine, when the store keeps it so (DuckDB reads files, not streams) */
  localPath?(sha256: string): Promise<string | null>;
  /**
   * Takes a finished local file whose SHA-256 the caller computed as it wrote it, moving it
   * into place instead of copying it (a job's result: hundreds of MB read and written again
   * otherwise). Stores without it are given the file with `put`.
   */
  adopt?(path: string, sha256: string): Promise<StoredBlob>;
  /** where the blob lives, for people and tools reading it directly (a path, or an s3:// URL) */
  locationOf(sha256: string): string;
}

const SHA = /^[0-9a-f]{64}$/;

export class TooLargeError extends AppError {
  constructor(maxBytes: number) {
    super(413, `The file is larger than the limit of ${maxBytes} bytes`);
  }
}

/** Blobs under `<root>/ab/cd/<sha256>`; writes go to `<root>/tmp` and are renamed in atomically. */
export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (sha: string) => {
    if (!SHA.test(sha)) throw new AppError(400, 'Invalid blob address');
    return join(root, sha.slice(0, 2), sha.slice(2, 4), sha);
  };
  return {
    async put(data, opts = {}) {
      await mkdir(join(root, 'tmp'), { recursive: true });
      const tmp = join(root, 'tmp', randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (opts.maxBytes !== undefined && size > opts.maxBytes)
            return cb(new TooLargeError(opts.maxBytes));
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      const out = createWriteStream(tmp);
      try {
        await pipeline(data, meter, out);
        const sha256 = hash.digest('hex');
        const dest = pathOf(sha256);
        await mkdir(join(dest, '..'), { recursive: true });
        // replaces content already stored with a fresh file: its time is now, so the blob
        // sweep's grace period protects it until the row that references it exists
        await rename(tmp, dest);
        return { sha256, size };
      } catch (err) {
        // a refused upload can fail before the file is even open: wait until the stream has
        // closed, or the open lands after the rm and leaves an empty file behind
        if (!out.closed) await once(out, 'close').catch(() => {});
        await rm(tmp, { force: true });
        // the request stream may still be flowing; drain it so the client gets our answer
        data.resume();
        throw err;
      }
    },
    async get(sha) {
      const path = pathOf(sha);
      await stat(path).catch(() => {
        throw new AppError(404, 'File content not found');
      });
      return createReadStream(path);
    },
    async has(sha) {
      return stat(pathOf(sha)).then(
        () => true,
        () => false,
      );
    },
    async delete(sha) {
      await rm(pathOf(sha), { force: true });
    },
    async *list() {
      const dirs = async (dir: string, name: RegExp) =>
        (await readdir(dir, { withFileTypes: true }).catch(() => []))
          .filter((e) => e.isDirectory() && name.test(e.name))
          .map((e) => join(dir, e.name));
      for (const a of await dirs(root, /^[0-9a-f]{2}$/))
        for (const b of await dirs(a, /^[0-9a-f]{2}$/))
          for (const name of await readdir(b).catch(() => [])) {
            if (!SHA.test(name)) continue;
            const st = await stat(join(b, name)).catch(() => null);
            if (st?.isFile()) yield { sha256: name, modifiedAt: st.mtime };
          }
    },
    async deleteIfOlder(sha, cutoff) {
      const path = pathOf(sha);
      const before = await stat(path).catch(() => null);
      if (!before || before.mtime > cutoff) return false; // young, or gone already (another sweep)
      // moved aside (atomic) before it is deleted: a put of the same content from now on lands a
      // new file at the path; one that landed since the stat is seen on the moved file, put back
      const aside = join(root, 'tmp', `${randomUUID()}.sweep`);
      await mkdir(join(root, 'tmp'), { recursive: true });
      try {
        await rename(path, aside);
      } catch {
        return false;
      }
      if ((await stat(aside)).mtime > cutoff) {
        // identical content either way, so replacing a file a put just landed is harmless
        await rename(aside, path);
        return false;
      }
      await rm(aside, { force: true });
      return true;
    },
    locationOf: (sha) => resolve(pathOf(sha)),
    async adopt(path, sha) {
      const dest = pathOf(sha);
      await mkdir(join(dest, '..'), { recursive: true });
      const { size } = await stat(path);
      try {
        // a fresh file, as put leaves one: the sweep's grace period counts from now
        await rename(path, dest);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        return this.put(createReadStream(path)); // another file system: copied (and hashed) after all
      }
      return { sha256: sha, size };
    },
    async localPath(sha) {
      const path = pathOf(sha);
      return stat(path).then(
        () => path,
        () => null,
      );
    },
  };
}
