import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/client.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import { AppError } from '../../lib/errors.ts';
import { lit, withDuckDb } from './duckdb.ts';

/** What the dataset layer needs of the app (tasks and the benchmarks hand in this much). */
export interface DatasetCtx {
  db: Db;
  blobs: BlobStore;
  config?: { DATA_DIR: string };
}

export interface DatasetFile {
  sha256: string;
  rows: number;
  bytes: number;
}

/** A stored file that is not what was written: never read as fewer (or other) rows. */
export class DatasetCorruptError extends AppError {
  constructor(file: DatasetFile, why: string) {
    super(500, `The dataset file ${file.sha256.slice(0, 12)} is corrupt or truncated: ${why}`);
  }
}

export const workDir = (ctx: DatasetCtx) => join(ctx.config?.DATA_DIR ?? tmpdir(), 'tmp', 'datasets');

/** A fresh path in the work dir; the caller removes it. */
export async function scratchPath(ctx: DatasetCtx, ext: string) {
  const dir = workDir(ctx);
  await mkdir(dir, { recursive: true });
  return join(dir, `${randomUUID()}.${ext}`);
}

/** Paths checked in this process: content hash, size and row count (once; files are immutable). */
const verified = new Set<string>();

/**
 * Moves a finished Parquet file into the blob store; `sha256` when the writer hashed it as it
 * wrote it (the file is then moved into place where the store can, not copied).
 */
export async function storeFile(
  ctx: DatasetCtx,
  path: string,
  rows: number,
  sha256?: string,
): Promise<DatasetFile> {
  const blob =
    sha256 && ctx.blobs.adopt
      ? await ctx.blobs.adopt(path, sha256)
      : await ctx.blobs.put(createReadStream(path));
  // hashed on the way in: what the store holds now is known to be what was written
  const local = await ctx.blobs.localPath?.(blob.sha256);
  if (local) verified.add(local);
  return { sha256: blob.sha256, rows, bytes: blob.size };
}

/**
 * The file on this machine, checked: its bytes hash to its address (content-addressed storage
 * makes this the whole integrity check) and its footer holds the rows the metadata says.
 * Blobs kept elsewhere (S3) are fetched into a local cache first.
 */
export async function localFile(ctx: DatasetCtx, file: DatasetFile): Promise<string> {
  let path = (await ctx.blobs.localPath?.(file.sha256)) ?? null;
  if (!path) {
    const cache = cacheDir(ctx);
    await mkdir(cache, { recursive: true });
    path = join(cache, `${file.sha256}.parquet`);
    const exists = await stat(path).then(
      () => true,
      () => false,
    );
    if (!exists) {
      const tmp = `${path}.${randomUUID()}.part`;
      try {
        await pipeline(await ctx.blobs.get(file.sha256), createWriteStream(tmp));
        await rename(tmp, path);
      } finally {
        await rm(tmp, { force: true });
      }
    }
  }
  if (verified.has(path)) return path;
  const size = (await stat(path)).size;
  if (size !== file.bytes) throw new DatasetCorruptError(file, `${size} bytes stored, ${file.bytes} written`);
  const hash = createHash('sha256');
  await pipeline(createReadStream(path), hash);
  if (hash.digest('hex') !== file.sha256)
    throw new DatasetCorruptError(file, 'its content does not match its checksum');
  const rows = await withDuckDb(ctx.config?.DATA_DIR, async (c) => {
    const r = await c.runAndReadAll(`SELECT num_rows::BIGINT AS n FROM parquet_file_metadata(${lit(path)})`);
    return Number(r.getRows()[0]?.[0] ?? -1);
  }).catch((err: Error) => {
    throw new DatasetCorruptError(file, err.message);
  });
  if (rows !== file.rows)
    throw new DatasetCorruptError(file, `it holds ${rows} rows, ${file.rows} were written`);
  verified.add(path);
  return path;
}

const cacheDir = (ctx: DatasetCtx) => join(ctx.config?.DATA_DIR ?? tmpdir(), 'cache', 'datasets');

/**
 * The copies of remote blobs in this machine's cache, each with the blob it copies (downloads
 * cut short by a crash, `<sha>.parquet.<uuid>.part`, too) and when it was written.
 */
export async function cachedFiles(ctx: DatasetCtx) {
  const dir = cacheDir(ctx);
  const out: { sha256: string; path: string; modifiedAt: Date }[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const sha256 = /^([0-9a-f]{64})\.parquet/.exec(name)?.[1];
    const st = sha256 ? await stat(join(dir, name)).catch(() => null) : null;
    if (sha256 && st?.isFile()) out.push({ sha256, path: join(dir, name), modifiedAt: st.mtime });
  }
  return out;
}

/** Removes these cache files, and forgets these blobs were checked (the sweep deleted them). */
export async function forgetFiles(paths: string[], shas: Set<string>) {
  await Promise.all(paths.map((p) => rm(p, { force: true })));
  for (const path of verified) {
    const sha = basename(path).slice(0, 64);
    if (shas.has(sha)) verified.delete(path);
  }
}

/** Forget what was checked (tests corrupt files on purpose). */
export function forgetVerifiedFiles() {
  verified.clear();
}
