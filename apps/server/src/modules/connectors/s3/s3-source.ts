import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { parse as parseCsv } from 'csv-parse';
import picomatch from 'picomatch';
import { lit, withDuckDb } from '../../datasets/duckdb.ts';
import { type ConnectorContext, ConnectorRuntimeError, ConnectorSettingsError } from '../contract.ts';
import { type S3Settings, s3Error } from './s3-client.ts';

/*
 * Reading objects: a stream is the objects under the prefix whose remaining key matches a glob,
 * taken in (LastModified, key) order so an incremental read resumes after the last object it
 * finished. CSV and JSON Lines are parsed as the object streams in; Parquet (which needs random
 * access to its footer) is downloaded to the scratch directory and read by DuckDB in chunks.
 */

const PARQUET_WINDOW = 10_000;

export interface S3Object {
  key: string;
  lastModified: string;
  size: number;
}

export const streamsOf = (s: S3Settings) =>
  s.streams?.length ? s.streams : [{ name: 'objects', pattern: '**' }];

export function streamByName(s: S3Settings, name: string) {
  const st = streamsOf(s).find((x) => x.name === name);
  if (!st) throw new ConnectorSettingsError('streams', `no stream named ${name}`);
  return st;
}

/** The stream's objects, oldest first (ties by key). */
export async function listObjects(client: S3Client, s: S3Settings, pattern: string): Promise<S3Object[]> {
  const match = picomatch(pattern, { dot: false });
  const out: S3Object[] = [];
  let token: string | undefined;
  do {
    const page = await client
      .send(
        new ListObjectsV2Command({
          Bucket: s.bucket,
          Prefix: s.prefix || undefined,
          ContinuationToken: token,
        }),
      )
      .catch((err) => {
        throw s3Error(err, `listing s3://${s.bucket}/${s.prefix}`);
      });
    for (const o of page.Contents ?? []) {
      const rest = o.Key!.slice(s.prefix.length);
      if (o.Key!.endsWith('/') || !match(rest)) continue;
      out.push({ key: o.Key!, lastModified: o.LastModified!.toISOString(), size: o.Size ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out.sort(
    (a, b) => a.lastModified.localeCompare(b.lastModified) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** Objects strictly after the checkpoint (LastModified, key). */
export const after = (objects: S3Object[], state?: { lastModified?: unknown; key?: unknown }) =>
  state?.lastModified === undefined
    ? objects
    : objects.filter((o) => {
        const lm = String(state.lastModified);
        return o.lastModified > lm || (o.lastModified === lm && o.key > String(state.key));
      });

async function body(client: S3Client, s: S3Settings, key: string, signal: AbortSignal): Promise<Readable> {
  try {
    const res = await client.send(new GetObjectCommand({ Bucket: s.bucket, Key: key }), {
      abortSignal: signal,
    });
    return res.Body as Readable;
  } catch (err) {
    throw s3Error(err, `reading s3://${s.bucket}/${key}`);
  }
}

/** One object's records, streamed. */
export async function* objectRecords(
  client: S3Client,
  s: S3Settings,
  key: string,
  ctx: ConnectorContext,
  signal: AbortSignal,
): AsyncGenerator<Record<string, unknown>> {
  if (s.format === 'parquet') {
    const file = join(
      ctx.scratchDir,
      `s3-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.parquet`,
    );
    try {
      await pipeline(await body(client, s, key, signal), createWriteStream(file), { signal });
      // windows of rows by their position in the file, so memory stays bounded by one window
      for (let from = 0; ; from += PARQUET_WINDOW) {
        const rows = await withDuckDb(undefined, async (c) => {
          const r = await c.runAndReadAll(
            `SELECT * EXCLUDE (file_row_number) FROM read_parquet(${lit(file)}, file_row_number = true)
             WHERE file_row_number >= ${from} AND file_row_number < ${from + PARQUET_WINDOW} ORDER BY file_row_number`,
          );
          return r.getRowObjectsJson();
        }).catch((err) => {
          throw new ConnectorRuntimeError(
            `s3://${s.bucket}/${key} is not a readable Parquet file (${err.message})`,
          );
        });
        yield* rows as Record<string, unknown>[];
        if (rows.length < PARQUET_WINDOW) break;
      }
    } finally {
      await rm(file, { force: true });
    }
    return;
  }
  const stream = await body(client, s, key, signal);
  if (s.format === 'csv') {
    const parser = stream.pipe(
      parseCsv({ columns: true, delimiter: s.csvDelimiter, bom: true, skip_empty_lines: true }),
    );
    try {
      for await (const row of parser) yield row as Record<string, unknown>;
    } catch (err) {
      throw new ConnectorRuntimeError(`s3://${s.bucket}/${key}: ${(err as Error).message}`);
    }
    return;
  }
  let line = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    line++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new ConnectorRuntimeError(`s3://${s.bucket}/${key} line ${line} is not JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new ConnectorRuntimeError(`s3://${s.bucket}/${key} line ${line} is not a JSON object`);
    yield value as Record<string, unknown>;
  }
}
