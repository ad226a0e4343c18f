import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, getTableName, like } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context.ts';
import * as schema from '../src/db/schema.ts';
import { datasets, fileVersions, imports, syncDatasetWrites, tasks } from '../src/db/schema.ts';
import { connectorContext } from '../src/modules/connectors/context.ts';
import { datasetDestinationConnector } from '../src/modules/connectors/dataset/dataset-destination.ts';
import { BLOB_COLUMNS } from '../src/modules/storage/blob-refs.repository.ts';
import { scheduleBlobSweep } from '../src/modules/storage/blob-sweep.task.ts';
import { sweepBlobs } from '../src/modules/storage/blob-sweep.ts';
import {
  createTestApp,
  createUser,
  DATABASES,
  eventually,
  multipart,
  type TestApp,
  type TestUser,
} from './helper.ts';

/*
 * Storage that does not leak: the blob sweep deletes stored files no row names once past the
 * grace period (and keeps a file another dataset shares, the uploads, and anything young), an
 * overwrite's staged files go once nothing resumes it, an ended sync run lets go of its write
 * rows, and deleting a sync deletes its rejected records.
 */

const HOUR = 3_600_000;

it('every column that names blobs is one the sweep reads', () => {
  const found = (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .flatMap((table) =>
      getTableConfig(table)
        .columns.filter((c) => /sha256|^files?$/.test(c.name))
        .map((c) => `${getTableName(table)}.${c.name}`),
    );
  expect(found.sort()).toEqual([...BLOB_COLUMNS].sort());
});

describe.each(DATABASES)('blob sweep (%s)', (kind) => {
  let t: TestApp;
  let u: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { worker: true });
    u = await createUser(t);
    other = await createUser(t);
  });
  afterAll(() => t.close());
  const db = () => t.database.db;
  const has = (sha: string) => t.app.ctx.blobs.has(sha);
  const sweep = (graceMs = 0) => sweepBlobs(t.app.ctx, { graceMs });
  const req = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, user = u) =>
    t.as(user.token, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
    const res = await req(method, url, payload);
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.statusCode === 204 ? null : res.json();
  };
  const importOf = async (name: string, content: string) => {
    const file = await t.as(u.token, { method: 'POST', url: '/api/files', ...multipart(name, content) });
    const imp = await call('POST', '/api/imports', { file_id: file.json().id });
    await eventually(async () => (await call('GET', `/api/imports/${imp.id}`)).status === 'succeeded');
    const [row] = await db().select().from(imports).where(eq(imports.id, imp.id));
    const [ds] = await db().select().from(datasets).where(eq(datasets.id, row!.datasetId!));
    return { id: imp.id as string, fileId: file.json().id as string, dataset: ds! };
  };
  const runToEnd = async (syncId: string) => {
    await call('POST', `/api/syncs/${syncId}/runs`);
    return eventually(async () => {
      const [run] = (await call('GET', `/api/syncs/${syncId}/runs`)).items;
      return run && ['succeeded', 'failed', 'cancelled'].includes(run.status) ? run : null;
    }, 60_000);
  };

  it('deleted imports: their Parquet files are swept; a file another dataset shares and the uploads stay', async () => {
    const a = await importOf('a.csv', 'name,email\nAda,ada@x.org\n');
    const b = await importOf('b.csv', 'name,email\nBob,bob@x.org\nCy,cy@x.org\n');
    expect(a.dataset.files.length).toBeGreaterThan(0);
    // another dataset holding the same content (stored once, by address)
    const [shared] = await db()
      .insert(datasets)
      .values({ ...a.dataset, id: undefined, kind: 'flow', createdAt: undefined })
      .returning();
    await call('DELETE', `/api/imports/${a.id}`);
    await call('DELETE', `/api/imports/${b.id}`);
    const report = await sweep();
    expect(report.deleted).toBeGreaterThanOrEqual(b.dataset.files.length);
    for (const f of b.dataset.files) expect(await has(f.sha256)).toBe(false);
    for (const f of a.dataset.files) expect(await has(f.sha256)).toBe(true);
    // the uploaded files are still files of the project
    const uploads = await db().select().from(fileVersions).where(eq(fileVersions.organizationId, u.orgId));
    for (const v of uploads) expect(await has(v.sha256)).toBe(true);
    // the last dataset naming it goes: so does the file
    await db().delete(datasets).where(eq(datasets.id, shared!.id));
    await sweep();
    for (const f of a.dataset.files) expect(await has(f.sha256)).toBe(false);
  });

  it("deleting a file keeps its blob while a dataset's file has the same bytes", async () => {
    const imp = await importOf('twin.csv', 'name\nTwin\n');
    const parquet = imp.dataset.files[0]!;
    const bytes = Buffer.concat(await (await t.app.ctx.blobs.get(parquet.sha256)).toArray());
    const upload = await t.as(u.token, {
      method: 'POST',
      url: '/api/files',
      ...multipart('twin.parquet', bytes),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    await call('DELETE', `/api/files/${upload.json().id}`);
    expect(await has(parquet.sha256)).toBe(true);
    expect((await call('GET', `/api/datasets/${imp.dataset.id}/rows?page=1&size=10`)).items).toHaveLength(1);
  });

  it('keeps what is younger than the grace period; cleans the local cache of remote copies', async () => {
    const blobs = t.app.ctx.blobs;
    const young = await blobs.put(Readable.from([`young ${randomUUID()}`]));
    const old = await blobs.put(Readable.from([`old ${randomUUID()}`]));
    const then = new Date(Date.now() - 25 * HOUR);
    await utimes((await blobs.localPath!(old.sha256))!, then, then);
    // copies of remote blobs: one no row names, one an import's dataset names
    const cache = join(t.app.ctx.config.DATA_DIR, 'cache', 'datasets');
    mkdirSync(cache, { recursive: true });
    const kept = await importOf('cached.csv', 'name\nDee\n');
    const stale = join(cache, `${'e'.repeat(64)}.parquet`);
    const named = join(cache, `${kept.dataset.files[0]!.sha256}.parquet`);
    for (const p of [stale, named]) {
      writeFileSync(p, 'copy');
      await utimes(p, then, then);
    }
    const report = await sweep(24 * HOUR);
    expect(await has(young.sha256)).toBe(true);
    expect(await has(old.sha256)).toBe(false);
    expect(report.cacheFilesRemoved).toBe(1);
    expect(await has(kept.dataset.files[0]!.sha256)).toBe(true);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(named)).toBe(true);
  });

  it('the scheduler queues one sweep an hour however many processes run it; the worker runs it', async () => {
    const young = await t.app.ctx.blobs.put(Readable.from([`queued ${randomUUID()}`]));
    await scheduleBlobSweep(t.app.ctx, new Date('2031-01-01T10:20:00Z'));
    // a second process (its own context) in the same hour, then the next hour
    await scheduleBlobSweep({ ...t.app.ctx } as AppContext, new Date('2031-01-01T10:50:00Z'));
    await scheduleBlobSweep(t.app.ctx, new Date('2031-01-01T11:05:00Z'));
    const done = await eventually(async () => {
      const rows = await db().select().from(tasks).where(like(tasks.singletonKey, 'blob-sweep:2031-%'));
      return rows.every((r) => r.status === 'succeeded') && rows;
    });
    expect(done.map((r) => r.singletonKey).sort()).toEqual([
      'blob-sweep:2031-01-01T10:00:00.000Z',
      'blob-sweep:2031-01-01T11:00:00.000Z',
    ]);
    expect(done[0]!.result).toMatchObject({ listed: expect.any(Number), deleted: expect.any(Number) });
    // the configured grace (24 h) protects what was just written
    expect(await has(young.sha256)).toBe(true);
  });

  const writer = (runId: string, stream = 's', mode: 'overwrite' | 'append' = 'overwrite') =>
    datasetDestinationConnector.open!(
      { prefix: `${kind} staged ` },
      { stream, mode, jsonSchema: {}, signal: new AbortController().signal, runId },
      connectorContext(t.app.ctx, undefined, u.orgId),
    );
  const stagedOf = async (runId: string) =>
    (await db().select().from(syncDatasetWrites).where(eq(syncDatasetWrites.runId, runId)))[0]?.files ?? [];

  it("an aborted overwrite's staged files, and those of a run that is gone, are swept; the dataset's stay", async () => {
    const committed = await writer(`${randomUUID()}:s`);
    await committed.write([{ n: 1 }], { state: { next_row: 1 } });
    await committed.commit();
    const [target] = await db()
      .select()
      .from(schema.syncDatasets)
      .where(eq(schema.syncDatasets.name, `${kind} staged s`));
    const [ds] = await db().select().from(datasets).where(eq(datasets.id, target!.datasetId));
    expect(ds!.files).toHaveLength(1);
    const abortedRun = `${randomUUID()}:s`;
    const aborted = await writer(abortedRun);
    await aborted.write([{ n: 2 }], { state: { next_row: 1 } });
    const abortedFiles = await stagedOf(abortedRun);
    await aborted.abort();
    // a worker killed mid-overwrite, whose run then ended without it (no commit, no abort)
    const crashedRun = `${randomUUID()}:t`;
    const crashed = await writer(crashedRun, 't');
    await crashed.write([{ n: 3 }], { state: { next_row: 1 } });
    const crashedFiles = await stagedOf(crashedRun);
    expect([...abortedFiles, ...crashedFiles]).toHaveLength(2);
    await sweep();
    for (const f of [...abortedFiles, ...crashedFiles]) expect(await has(f.sha256)).toBe(false);
    expect(await has(ds!.files[0]!.sha256)).toBe(true);
    expect(await stagedOf(crashedRun)).toEqual([]);
  });

  it('an ended sync run lets go of its writes: one empty row per dataset and sync stays, for lineage', async () => {
    const imp = await importOf('people.csv', 'name,email\nAda,ada@x.org\nBob,bob@x.org\n');
    const src = await call('POST', '/api/connections', {
      type: 'dataset',
      name: 'src',
      role: 'source',
      settings: { dataset: imp.dataset.id },
    });
    const dst = await call('POST', '/api/connections', {
      type: 'dataset_out',
      name: 'dst',
      role: 'destination',
      settings: { prefix: `${kind} gc ` },
    });
    const [stream] = (await call('GET', `/api/connections/${src.id}/streams`)).items;
    const sync = await call('POST', '/api/syncs', {
      name: 'gc overwrite',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: stream.name, destination: 'people' }],
      writeMode: 'overwrite',
    });
    expect(await runToEnd(sync.id)).toMatchObject({ status: 'succeeded' });
    const second = await runToEnd(sync.id);
    expect(second).toMatchObject({ status: 'succeeded', rowsWritten: 2 });
    // released by the task just after it marks the run ended
    const rows = await eventually(async () => {
      const found = await db()
        .select()
        .from(syncDatasetWrites)
        .where(like(syncDatasetWrites.runId, `%:${stream.name}`));
      return found.length === 1 && found[0]!.files.length === 0 && found;
    }, 5_000);
    expect(rows[0]).toMatchObject({
      runId: `${second.id}:${stream.name}`,
      files: [],
      checkpoint: null,
      committed: true,
    });
    const out = (await call('GET', '/api/datasets?kind=sync')).items.find(
      (d: { name: string }) => d.name === `${kind} gc people`,
    );
    expect(out.row_count).toBe(2);
    expect(out.written_by).toContainEqual(expect.objectContaining({ type: 'sync', id: sync.id }));
  });

  it('an ended flow run lets go of its writes as it ends; the dataset is still shown written by it', async () => {
    const imp = await importOf('flow-people.csv', 'name,email\nAda,ada@x.org\nBob,bob@x.org\n');
    const dst = await call('POST', '/api/connections', {
      type: 'dataset_out',
      name: 'flow dst',
      role: 'destination',
      settings: { prefix: `${kind} flow ` },
    });
    const flow = await call('POST', '/api/flows', {
      name: 'gc flow',
      steps: [
        {
          id: 'src',
          kind: 'source',
          name: 'People',
          config: { input: { kind: 'dataset', id: imp.dataset.id } },
        },
        {
          id: 'dest',
          kind: 'destination',
          name: 'Out',
          config: { connection_id: dst.id, stream: 'people', write_mode: 'overwrite' },
        },
      ],
      edges: [{ from: 'src', to: 'dest' }],
    });
    const flowRunToEnd = async () => {
      const run = await call('POST', `/api/flows/${flow.id}/runs`, {});
      return eventually(async () => {
        const r = await call('GET', `/api/flows/${flow.id}/runs/${run.id}`);
        return ['succeeded', 'failed', 'partial', 'cancelled'].includes(r.status) && r;
      }, 60_000);
    };
    expect(await flowRunToEnd()).toMatchObject({ status: 'succeeded' });
    const second = await flowRunToEnd();
    expect(second).toMatchObject({ status: 'succeeded' });
    // released as the run ends (just after it is marked ended), not by the hourly sweep: none runs here
    const rows = await eventually(async () => {
      const found = await db()
        .select()
        .from(syncDatasetWrites)
        .where(like(syncDatasetWrites.runId, 'flow:%'));
      return found.length === 1 && found[0]!.files.length === 0 && found;
    }, 5_000);
    expect(rows[0]).toMatchObject({
      runId: `flow:${second.id}:dest`,
      files: [],
      checkpoint: null,
      committed: true,
    });
    const out = (await call('GET', '/api/datasets?kind=sync')).items.find(
      (d: { name: string }) => d.name === `${kind} flow people`,
    );
    expect(out.row_count).toBe(2);
    expect(out.written_by).toContainEqual(
      expect.objectContaining({ type: 'flow', id: flow.id, name: 'gc flow' }),
    );
  });

  it("deleting a sync deletes its rejected records' datasets; another organization's sync is 404", async () => {
    const schemaBody = {
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string', format: 'email' } },
      required: ['name', 'email'],
    };
    const pipeline = await call('POST', '/api/pipelines', {
      name: `Rejecting ${kind}`,
      target_schema: schemaBody,
    });
    await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
      data: [{ name: 'x', email: 'x@example.com' }],
    });
    const w = await call('POST', `/api/pipelines/${pipeline.id}/workshops`);
    await call('POST', `/api/workshops/${w.id}/deploy`);
    const imp = await importOf('rejects.csv', 'name,email\nAda,ada@x.org\nBob,\nCy,\n');
    const src = await call('POST', '/api/connections', {
      type: 'dataset',
      name: 'rejects src',
      role: 'source',
      settings: { dataset: imp.dataset.id },
    });
    const dst = await call('POST', '/api/connections', {
      type: 'dataset_out',
      name: 'rejects dst',
      role: 'destination',
      settings: { prefix: `${kind} rejects ` },
    });
    const [stream] = (await call('GET', `/api/connections/${src.id}/streams`)).items;
    const sync = await call('POST', '/api/syncs', {
      name: 'rejecting',
      sourceConnectionId: src.id,
      destinationConnectionId: dst.id,
      streams: [{ name: stream.name, destination: 'people' }],
      pipelineId: pipeline.id,
      writeMode: 'append',
    });
    const run = await runToEnd(sync.id);
    expect(run).toMatchObject({ status: 'succeeded', rowsRejected: 2 });
    const [rejected] = await db().select().from(datasets).where(eq(datasets.id, run.rejectedDatasetId));
    expect(rejected).toMatchObject({ kind: 'sync-rejected', rowCount: 2 });
    expect((await req('DELETE', `/api/syncs/${sync.id}`, undefined, other)).statusCode).toBe(404);
    expect(await db().select().from(datasets).where(eq(datasets.id, rejected!.id))).toHaveLength(1);
    await call('DELETE', `/api/syncs/${sync.id}`);
    expect(await db().select().from(datasets).where(eq(datasets.id, rejected!.id))).toEqual([]);
    expect(
      await db()
        .select()
        .from(syncDatasetWrites)
        .where(like(syncDatasetWrites.runId, `${run.id}:%`)),
    ).toEqual([]);
    // the synced rows are the organization's data, and stay
    const out = (await call('GET', '/api/datasets?kind=sync')).items.find(
      (d: { name: string }) => d.name === `${kind} rejects people`,
    );
    expect(out.row_count).toBe(1);
    await sweep();
    for (const f of rejected!.files) expect(await has(f.sha256)).toBe(false);
  });
});
