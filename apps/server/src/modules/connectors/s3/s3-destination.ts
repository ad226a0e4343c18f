import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { CopyObjectCommand, DeleteObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { stringify } from 'csv-stringify/sync';
import { ident, lit, withDuckDb } from '../../datasets/duckdb.ts';
import {
  type ConnectorContext,
  ConnectorSettingsError,
  type DestinationWriter,
  type WriteRequest,
} from '../contract.ts';
import { type S3Settings, s3Error } from './s3-client.ts';

/*
 * Writing objects. Records are spooled to a scratch file (memory stays flat whatever the size),
 * and `commit` uploads it — converted to Parquet by DuckDB when asked — as a multipart upload
 * under a temporary key, then copies it into place and deletes the temporary: readers see the
 * old object or the new one, never a part (overwrite), and a failed sync leaves the old one.
 * `overwrite` writes `<prefix><stream>.<ext>`; `append` a new object per sync under
 * `<prefix><stream>/`. Records are durable only once `commit` resolved (the spec says so).
 */

const PART_SIZE = 5 * 1024 * 1024;
const MAX_SINGLE_COPY = 5 * 1024 ** 3;

const cell = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : v;

export async function openS3Writer(
  client: S3Client,
  s: S3Settings,
  req: WriteRequest,
  ctx: ConnectorContext,
): Promise<DestinationWriter> {
  if (req.mode === 'upsert')
    throw new ConnectorSettingsError('mode', 'S3 objects cannot be upserted: use append or overwrite');
  const id = randomUUID();
  const finalKey =
    req.mode === 'overwrite'
      ? `${s.prefix}${req.stream}.${s.format}`
      : `${s.prefix}${req.stream}/${new Date().toISOString().replace(/[:.]/g, '-')}-${req.runId ?? id}.${s.format}`;
  const tempKey = `${finalKey}.tmp-${id}`;
  const spool = join(ctx.scratchDir, `s3-out-${id}.${s.format === 'csv' ? 'csv' : 'jsonl'}`);
  const parquet = join(ctx.scratchDir, `s3-out-${id}.parquet`);
  const out: WriteStream = createWriteStream(spool);
  const props = Object.keys((req.jsonSchema.properties as Record<string, unknown> | undefined) ?? {});
  let columns: string[] | undefined = props.length ? props : undefined;
  let count = 0;
  let uploaded = false;

  const put = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const cleanup = async () => {
    if (!out.closed) out.destroy();
    await rm(spool, { force: true });
    await rm(parquet, { force: true });
  };
  const toParquet = () =>
    withDuckDb(undefined, async (c) => {
      const source =
        count > 0
          ? // every line sampled, so a field that changes type late in the file is typed for all of it
            `SELECT * FROM read_json(${lit(spool)}, format = 'newline_delimited', sample_size = -1)`
          : `SELECT ${(columns ?? ['_empty']).map((k) => `NULL::VARCHAR AS ${ident(k)}`).join(', ')} WHERE false`;
      await c.run(`COPY (${source}) TO ${lit(parquet)} (FORMAT parquet)`);
    });

  return {
    async write(records) {
      if (s.format === 'csv') {
        if (records.length === 0) return;
        if (!columns) columns = Object.keys(records[0]!);
        if (count === 0 && columns.length) await put(stringify([columns], { delimiter: s.csvDelimiter }));
        const rows = records.map((r) => columns!.map((c) => cell(r[c])));
        await put(stringify(rows, { delimiter: s.csvDelimiter }));
      } else {
        await put(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
      }
      count += records.length;
    },

    async commit() {
      out.end();
      await once(out, 'close');
      if (s.format === 'parquet') await toParquet();
      const file = s.format === 'parquet' ? parquet : spool;
      const what = `writing s3://${s.bucket}/${finalKey}`;
      try {
        // one CopyObject is atomic up to 5 GiB; larger objects would need a part-by-part copy
        if ((await stat(file)).size > MAX_SINGLE_COPY)
          throw new ConnectorSettingsError('format', `${what}: objects over 5 GiB are not supported`);
        const upload = new Upload({
          client,
          params: { Bucket: s.bucket, Key: tempKey, Body: createReadStream(file) },
          partSize: PART_SIZE,
          queueSize: 2,
        });
        const stop = () => void upload.abort().catch(() => {});
        req.signal.addEventListener('abort', stop, { once: true });
        await upload.done().finally(() => req.signal.removeEventListener('abort', stop));
        uploaded = true;
        await client.send(
          new CopyObjectCommand({
            Bucket: s.bucket,
            Key: finalKey,
            CopySource: `${s.bucket}/${tempKey.split('/').map(encodeURIComponent).join('/')}`,
          }),
        );
        await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: tempKey }));
        uploaded = false;
        ctx.log('info', `wrote ${count} records to s3://${s.bucket}/${finalKey}`);
      } catch (err) {
        throw s3Error(err, what);
      } finally {
        await cleanup();
      }
    },

    async abort() {
      await cleanup();
      if (uploaded)
        await client.send(new DeleteObjectCommand({ Bucket: s.bucket, Key: tempKey })).catch(() => {});
    },
  };
}
