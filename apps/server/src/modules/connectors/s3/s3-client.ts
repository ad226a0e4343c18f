import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { S3Client, type S3ServiceException } from '@aws-sdk/client-s3';
import {
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ConnectorSpec,
} from '../contract.ts';
import { checkHttpUrl, networkReason, validateSettings } from '../http-util.ts';

/*
 * Settings, client and error wording shared by the S3 source and destination. A custom endpoint
 * (MinIO, Ceph, R2, s3rver…) is a user-given URL: the SSRF guard judges it first and the SDK's
 * connections are pinned to the address it checked, as safe-fetch.ts does for HTTP.
 */

export type S3Format = 'jsonl' | 'csv' | 'parquet';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix: string;
  format: S3Format;
  csvDelimiter: string;
  streams?: { name: string; pattern: string }[];
}

export const s3Spec: ConnectorSpec = {
  type: 's3',
  title: 'S3-compatible storage',
  description: 'Reads and writes CSV, JSON Lines or Parquet objects in an S3-compatible bucket.',
  roles: ['source', 'destination'],
  secretFields: ['secretAccessKey'],
  writeModes: ['append', 'overwrite'],
  acknowledgesOnCommit: true,
  settings: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['bucket', 'accessKeyId', 'secretAccessKey'],
    additionalProperties: false,
    properties: {
      endpoint: {
        type: 'string',
        title: 'Endpoint',
        description: 'For S3-compatible stores (MinIO, R2…); empty for AWS',
        format: 'uri',
      },
      region: { type: 'string', title: 'Region', default: 'us-east-1', minLength: 1 },
      bucket: {
        type: 'string',
        title: 'Bucket',
        minLength: 3,
        maxLength: 63,
        pattern: '^[a-z0-9][a-z0-9.-]+$',
      },
      accessKeyId: { type: 'string', title: 'Access key id', minLength: 1 },
      secretAccessKey: { type: 'string', title: 'Secret access key', minLength: 1, writeOnly: true },
      forcePathStyle: { type: 'boolean', title: 'Path-style URLs', default: true },
      prefix: { type: 'string', title: 'Key prefix', description: 'e.g. exports/ (a folder)', default: '' },
      format: { type: 'string', title: 'File format', enum: ['jsonl', 'csv', 'parquet'], default: 'jsonl' },
      csvDelimiter: { type: 'string', title: 'CSV delimiter', minLength: 1, maxLength: 1, default: ',' },
      streams: {
        type: 'array',
        title: 'Streams (source)',
        description: 'Each stream reads the objects whose key, after the prefix, matches a glob',
        items: {
          type: 'object',
          required: ['name', 'pattern'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', title: 'Name', minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' },
            pattern: { type: 'string', title: 'Glob', description: 'e.g. orders/**/*.csv', minLength: 1 },
          },
        },
      },
    },
  },
};

export function s3Settings(raw: Record<string, unknown>): S3Settings {
  const s = validateSettings<S3Settings>(s3Spec, raw);
  if (s.endpoint) checkHttpUrl('endpoint', s.endpoint);
  if (s.prefix && !s.prefix.endsWith('/')) s.prefix = `${s.prefix}/`;
  return s;
}

/** The SSRF guard's verdict on the endpoint; the address to pin to when the context gives one. */
async function guardEndpoint(endpoint: string, ctx: ConnectorContext) {
  if (ctx.checkOutbound) {
    try {
      return await ctx.checkOutbound(endpoint);
    } catch (err) {
      throw new ConnectorRuntimeError(`S3 endpoint: ${(err as Error).message}`);
    }
  }
  // no verdict function: a probe through the guarded fetch refuses what the guard refuses
  try {
    await (await ctx.fetch(endpoint, { method: 'HEAD', signal: AbortSignal.timeout(30_000) })).body?.cancel();
  } catch (err) {
    throw new ConnectorRuntimeError(`S3 endpoint: ${(err as Error).message ?? networkReason(err)}`);
  }
  return undefined;
}

export async function s3Client(s: S3Settings, ctx: ConnectorContext): Promise<S3Client> {
  let requestHandler: { httpAgent: http.Agent; httpsAgent: https.Agent } | undefined;
  if (s.endpoint) {
    const pin = await guardEndpoint(s.endpoint, ctx);
    if (pin) {
      const lookup = ((_h: string, o: { all?: boolean }, cb: (...a: unknown[]) => void) =>
        o?.all ? cb(null, [pin]) : cb(null, pin.address, pin.family)) as unknown as LookupFunction;
      requestHandler = { httpAgent: new http.Agent({ lookup }), httpsAgent: new https.Agent({ lookup }) };
    }
  }
  return new S3Client({
    region: s.region,
    ...(s.endpoint ? { endpoint: s.endpoint } : {}),
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    maxAttempts: 3,
    ...(requestHandler ? { requestHandler } : {}),
  });
}

const CREDENTIAL_ERRORS = new Set([
  'InvalidAccessKeyId',
  'SignatureDoesNotMatch',
  'AccessDenied',
  'Forbidden',
]);

/** An SDK failure as the connector's error: settings named, credentials and network readable. */
export function s3Error(err: unknown, what: string): Error {
  if (err instanceof ConnectorRuntimeError || err instanceof ConnectorSettingsError) return err;
  const e = err as Partial<S3ServiceException> & { code?: string };
  const status = e.$metadata?.httpStatusCode;
  if (e.name === 'NoSuchBucket')
    return new ConnectorSettingsError('bucket', `the bucket does not exist (${what})`);
  if (e.name && CREDENTIAL_ERRORS.has(e.name))
    return new ConnectorRuntimeError(`${what}: the access key or secret is not accepted (${e.name})`);
  if (status === undefined)
    return new ConnectorRuntimeError(`${what}: the endpoint is not reachable (${networkReason(err)})`, true);
  return new ConnectorRuntimeError(
    `${what}: ${e.name ?? 'error'} (HTTP ${status})${e.message ? `: ${e.message}` : ''}`,
    status >= 500 || status === 429,
  );
}
