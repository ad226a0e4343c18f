import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ServiceException,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config.ts';
import type { BlobStore } from './blob-store.ts';
import { TooLargeError } from './blob-store.ts';
import { AppError } from './errors.ts';

const SHA = /^[0-9a-f]{64}$/;
/** a blob's key after the prefix */
const ADDRESS = /^([0-9a-f]{2})\/([0-9a-f]{64})$/;
const MiB = 1024 ** 2;
/** S3's multipart floor, and the most parts one upload may have */
const MIN_PART = 5 * MiB;
const MAX_PARTS = 10_000;
/** CopyObject's ceiling; larger objects are copied part by part */
const MAX_SINGLE_COPY = 5 * 1024 ** 3;
const COPY_PART = 1024 ** 3;

export interface S3BlobStoreOptions {
  bucket: string;
  /** key prefix for every object; a `/` is added when missing */
  prefix?: string;
  client: S3Client;
  /** parts uploaded at once; memory held per upload is about `queueSize × partSize` */
  queueSize?: number;
}

/** An S3 failure with the operation, the object and the service's own words. */
export class BlobStorageError extends Error {
  constructor(operation: string, bucket: string, key: string, cause: unknown) {
    const e = cause as Partial<S3ServiceException> | undefined;
    const status = e?.$metadata?.httpStatusCode;
    const what = [e?.name, e?.message].filter(Boolean).join(': ') || String(cause);
    super(`S3 ${operation} of s3://${bucket}/${key} failed${status ? ` (HTTP ${status})` : ''}: ${what}`, {
      cause,
    });
    this.name = 'BlobStorageError';
  }
}

/** a missing object (a missing bucket is a configuration problem, reported as such) */
const isNotFound = (err: unknown) => {
  const e = err as Partial<S3ServiceException> | undefined;
  return e?.$metadata?.httpStatusCode === 404 && e.name !== 'NoSuchBucket';
};

/** S3 wants the copy source URL-encoded, one path segment at a time. */
const copySource = (bucket: string, key: string) =>
  `${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

/**
 * Blobs as objects `<prefix><sha[0..2]>/<sha256>` in an S3-compatible bucket. An upload is streamed
 * to a temporary key (multipart, so memory stays bounded at about `queueSize × partSize`) while it
 * is hashed and measured, then copied to its content address unless that already exists.
 */
export function createS3BlobStore(opts: S3BlobStoreOptions): BlobStore {
  const { bucket, client } = opts;
  const prefix = opts.prefix && !opts.prefix.endsWith('/') ? `${opts.prefix}/` : (opts.prefix ?? '');
  const keyOf = (sha: string) => {
    if (!SHA.test(sha)) throw new AppError(400, 'Invalid blob address');
    return `${prefix}${sha.slice(0, 2)}/${sha}`;
  };
  const send = async <T>(operation: string, key: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      throw new BlobStorageError(operation, bucket, key, err);
    }
  };
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw new BlobStorageError('HeadObject', bucket, key, err);
    }
  };
  const remove = (key: string) =>
    send('DeleteObject', key, () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })));

  /** CopyObject up to 5 GiB; beyond that UploadPartCopy in 1 GiB ranges. */
  const copy = async (from: string, to: string, size: number) => {
    const CopySource = copySource(bucket, from);
    if (size <= MAX_SINGLE_COPY) {
      await send('CopyObject', to, () =>
        client.send(new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource })),
      );
      return;
    }
    const { UploadId } = await send('CreateMultipartUpload', to, () =>
      client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: to })),
    );
    try {
      const Parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, PartNumber = 1; start < size; start += COPY_PART, PartNumber++) {
        const range = `bytes=${start}-${Math.min(start + COPY_PART, size) - 1}`;
        const part = await send('UploadPartCopy', to, () =>
          client.send(
            new UploadPartCopyCommand({
              Bucket: bucket,
              Key: to,
              UploadId,
              PartNumber,
              CopySource,
              CopySourceRange: range,
            }),
          ),
        );
        Parts.push({ ETag: part.CopyPartResult?.ETag, PartNumber });
      }
      await send('CompleteMultipartUpload', to, () =>
        client.send(
          new CompleteMultipartUploadCommand({
            Bucket: bucket,
            Key: to,
            UploadId,
            MultipartUpload: { Parts },
          }),
        ),
      );
    } catch (err) {
      await client
        .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: to, UploadId }))
        .catch(() => {});
      throw err;
    }
  };

  return {
    locationOf: (sha) => `s3://${bucket}/${keyOf(sha)}`,
    async put(data, putOpts = {}) {
      const { maxBytes } = putOpts;
      const tmp = `${prefix}tmp/${randomUUID()}`;
      const hash = createHash('sha256');
      let size = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, cb) {
          size += chunk.length;
          if (maxBytes !== undefined && size > maxBytes) return cb(new TooLargeError(maxBytes));
          hash.update(chunk);
          cb(null, chunk);
        },
      });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: tmp, Body: meter, ContentType: 'application/octet-stream' },
        queueSize: opts.queueSize ?? 4,
        // enough parts for the largest allowed upload, never under S3's floor
        partSize: Math.max(MIN_PART, Math.ceil((maxBytes ?? 0) / MAX_PARTS)),
        leavePartsOnError: false,
      });
      let s3Failure: unknown;
      const feeding = pipeline(data, meter);
      // S3 failing mid-stream stops reading the meter: fail it too, or the feeding would wait forever.
      // (An errored meter, too large or a broken source, is the cause rather than an S3 failure.)
      const uploading = upload.done().catch((err: unknown) => {
        if (!meter.errored) {
          s3Failure = err;
          meter.destroy(err as Error);
        }
        throw err;
      });
      // A refused or failed stream makes the Upload abort its multipart upload before it settles.
      const [feed, up] = await Promise.allSettled([feeding, uploading]);
      if (feed.status === 'rejected' || up.status === 'rejected') {
        await remove(tmp).catch(() => {});
        // the request stream may still be flowing; drain it so the client gets our answer
        data.resume();
        if (s3Failure !== undefined) throw new BlobStorageError('upload', bucket, tmp, s3Failure);
        if (feed.status === 'rejected') throw feed.reason;
        throw new BlobStorageError('upload', bucket, tmp, (up as PromiseRejectedResult).reason);
      }
      const sha256 = hash.digest('hex');
      const key = keyOf(sha256);
      try {
        // copied even when the address exists: the copy's LastModified is now, so the blob
        // sweep's grace period protects content about to be referenced again
        await copy(tmp, key, size);
      } finally {
        await remove(tmp).catch(() => {});
      }
      return { sha256, size };
    },
    async get(sha) {
      const key = keyOf(sha);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(res.Body instanceof Readable)) throw new Error('the response body is not a Node.js stream');
        return res.Body;
      } catch (err) {
        if (isNotFound(err)) throw new AppError(404, 'File content not found');
        throw new BlobStorageError('GetObject', bucket, key, err);
      }
    },
    async has(sha) {
      return exists(keyOf(sha));
    },
    async delete(sha) {
      await remove(keyOf(sha));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await send('ListObjectsV2', prefix, () =>
          client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken })),
        );
        for (const o of page.Contents ?? []) {
          const m = ADDRESS.exec((o.Key ?? '').slice(prefix.length));
          // `tmp/` uploads and anything else under the prefix are not blobs
          if (m && m[2]!.startsWith(m[1]!) && o.LastModified)
            yield { sha256: m[2]!, modifiedAt: o.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async deleteIfOlder(sha, cutoff) {
      const key = keyOf(sha);
      let modified: Date | undefined;
      try {
        modified = (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).LastModified;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw new BlobStorageError('HeadObject', bucket, key, err);
      }
      // S3 has no delete conditioned on age: the age is read right before deleting, so only a
      // put of this very content landing between these two requests could be lost
      if (!modified || modified > cutoff) return false;
      await remove(key);
      return true;
    },
  };
}

/** The store `S3_*` configures (only called when `S3_BUCKET` is set). */
export function createS3BlobStoreFromConfig(config: Config): BlobStore {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  const client = new S3Client({
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    // unset = the SDK's default chain (environment, shared files, instance or task role)
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  return createS3BlobStore({ bucket: config.S3_BUCKET, prefix: config.S3_PREFIX, client });
}
