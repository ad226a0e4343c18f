import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import iconv from 'iconv-lite';
import { type DatasetCtx, scratchPath } from '../datasets/datasets.service.ts';

/**
 * The CSV as a UTF-8 file on this machine, which is what the native parser reads: the blob's
 * own file when it is local and UTF-8, else a scratch copy (fetched from S3 and/or converted
 * from its encoding, e.g. Windows-1252), removed by `release`.
 */
export async function csvOnDisk(app: DatasetCtx, sha256: string, encoding: string) {
  const utf8 = /^utf-?8$/i.test(encoding);
  const local = utf8 ? await app.blobs.localPath?.(sha256) : null;
  if (local) return { path: local, release: async () => {} };
  const path = await scratchPath(app, 'csv');
  const source = await app.blobs.get(sha256);
  if (utf8) await pipeline(source, createWriteStream(path));
  else
    await pipeline(
      source,
      iconv.decodeStream(encoding),
      iconv.encodeStream('utf-8'),
      createWriteStream(path),
    );
  return { path, release: () => rm(path, { force: true }) };
}
