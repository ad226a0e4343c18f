import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { profileRecords, schemaFromProfile } from '@mapwright/engine';
import type { Connector, ReadMessage, StreamDescriptor } from '../contract.ts';
import { s3Client, s3Error, s3Settings, s3Spec } from './s3-client.ts';
import { openS3Writer } from './s3-destination.ts';
import { after, listObjects, objectRecords, streamByName, streamsOf } from './s3-source.ts';

/*
 * An S3-compatible bucket as a source (objects under a prefix matching a glob, one stream per
 * glob; incremental by the objects' LastModified and key) and as a destination (one object per
 * stream and sync; see s3-destination.ts).
 */

const SAMPLE = 1000;

export const s3Connector: Connector = {
  spec: s3Spec,

  async check(raw, ctx) {
    const s = s3Settings(raw);
    const client = await s3Client(s, ctx);
    try {
      // listing proves the bucket, the credentials and the read permission in one call (a few
      // keys: s3rver fails MaxKeys 1 with a 500)
      await client.send(
        new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix || undefined, MaxKeys: 10 }),
      );
    } catch (err) {
      throw s3Error(err, `s3://${s.bucket}`);
    } finally {
      client.destroy();
    }
  },

  async discover(raw, ctx) {
    const s = s3Settings(raw);
    const client = await s3Client(s, ctx);
    try {
      const out: StreamDescriptor[] = [];
      for (const stream of streamsOf(s)) {
        const [first] = await listObjects(client, s, stream.pattern);
        const sample: Record<string, unknown>[] = [];
        if (first)
          for await (const r of objectRecords(client, s, first.key, ctx, AbortSignal.timeout(120_000))) {
            sample.push(r);
            if (sample.length >= SAMPLE) break;
          }
        out.push({
          name: stream.name,
          jsonSchema: schemaFromProfile(profileRecords(sample).fields, { title: stream.name }),
          syncModes: ['full_refresh', 'incremental'],
        });
      }
      return out;
    } finally {
      client.destroy();
    }
  },

  async *read(raw, req, ctx): AsyncGenerator<ReadMessage> {
    const s = s3Settings(raw);
    const stream = streamByName(s, req.stream);
    const client = await s3Client(s, ctx);
    try {
      const all = await listObjects(client, s, stream.pattern);
      const todo = req.syncMode === 'incremental' ? after(all, req.state) : all;
      for (const o of todo) {
        for await (const data of objectRecords(client, s, o.key, ctx, req.signal))
          yield { type: 'record', data };
        // every record of this object and the ones before it is covered
        yield { type: 'state', state: { lastModified: o.lastModified, key: o.key } };
      }
    } finally {
      client.destroy();
    }
  },

  async open(raw, req, ctx) {
    const s = s3Settings(raw);
    const client = await s3Client(s, ctx);
    const writer = await openS3Writer(client, s, req, ctx);
    return {
      write: (records) => writer.write(records),
      commit: () => writer.commit().finally(() => client.destroy()),
      abort: () => writer.abort().finally(() => client.destroy()),
    };
  },
};
