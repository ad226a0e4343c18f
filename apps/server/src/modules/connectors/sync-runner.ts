import type { AppContext } from '../../context.ts';
import { PermanentTaskError } from '../../jobs/worker.ts';
import { evaluateUserCode } from '../../lib/user-code.ts';
import { deployedSpec, findPipeline } from '../pipelines/pipelines.service.ts';
import { settingsOf } from './connections.service.ts';
import * as repo from './connectors.repository.ts';
import { connectorContext } from './context.ts';
import {
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type DestinationWriter,
  type JsonSchema,
  type StreamState,
  type WriteMode,
} from './contract.ts';
import { openQuarantine, type Rejected } from './quarantine.ts';
import { findConnector } from './registry.ts';

/*
 * One sync run: for each stream, read from the source, map through the pipeline's deployed
 * mapper when the sync has one (rejected records are quarantined, see quarantine.ts), write batches to
 * the destination, and commit the stream's state only once the destination acknowledged every
 * record before it. Counters and state are committed together, so a rerun after a crash resumes
 * from the last checkpoint with counters that match what was written.
 */

/**
 * Records written per destination batch (flushed at the first source checkpoint past it). Each
 * batch costs a transaction at the destination and a checkpoint in the app database: fewer, larger
 * ones keep a sync near COPY speed (bench/sync-pg.ts) while memory stays a few MB per batch.
 */
export const WRITE_BATCH = 20_000;
/**
 * COPY text passed through (DestinationWriter.writeCopyText) is written per this many bytes: text
 * costs no objects, so batches can be larger (fewer transactions and checkpoints) with memory
 * still bounded by bytes, whatever the rows' width (bench/sync-pg.ts: ~140k narrow rows a batch).
 */
export const COPY_BATCH_BYTES = 8 * 1024 * 1024;
/** Records mapped per call to a mapping thread. */
const MAP_BATCH = 1000;
const REJECTED_SAMPLE = 100;

export interface SyncStreamConfig {
  name: string;
  syncMode: 'full_refresh' | 'incremental';
  cursorField?: string[];
  primaryKey?: string[][];
  destination: string;
}

interface Counters {
  rowsRead: number;
  rowsWritten: number;
  rowsRejected: number;
  bytes: number;
}
/** COPY text rows waiting for the destination (see DestinationWriter.writeCopyText). */
interface Copied {
  columns: readonly string[];
  chunks: Buffer[];
  rows: number;
  bytes: number;
}
/** Per stream: its committed state, whether it finished, and the counters before it began. */
type RunState = Record<string, { state?: StreamState; done?: boolean; before?: Counters }>;

/** Retrying cannot help a bad setting or a missing table; it can help a timeout or a 5xx. */
export function isPermanent(err: unknown) {
  return err instanceof ConnectorSettingsError || (err instanceof ConnectorRuntimeError && !err.transient);
}

export function messageOf(err: unknown) {
  if (err instanceof ConnectorSettingsError) return `${err.field}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

export async function runSync(
  ctx: AppContext,
  runId: string,
  signal: AbortSignal,
  progress: (p: Record<string, unknown>) => void,
) {
  const run = await repo.getRun(ctx.db, runId);
  if (!run || ['succeeded', 'failed', 'cancelled'].includes(run.status)) return;
  const sync = await repo.findSync(ctx.db, run.organizationId, run.syncId);
  if (!sync) throw new PermanentTaskError('the sync was deleted');
  const [srcRow, dstRow] = await Promise.all([
    repo.findConnection(ctx.db, run.organizationId, sync.sourceConnectionId),
    repo.findConnection(ctx.db, run.organizationId, sync.destinationConnectionId),
  ]);
  const source = srcRow && findConnector(srcRow.type);
  const dest = dstRow && findConnector(dstRow.type);
  if (!source?.read || !source.discover || !dest?.open)
    throw new PermanentTaskError('a connection of this sync is gone');
  const srcSettings = settingsOf(ctx, srcRow!);
  const dstSettings = settingsOf(ctx, dstRow!);
  const cctx = connectorContext(ctx);

  let mapper: { spec: unknown; targetSchema: JsonSchema } | undefined;
  if (sync.pipelineId) {
    const deployed = await deployedSpec(ctx, await findPipeline(ctx, run.organizationId, sync.pipelineId));
    if (!deployed) throw new PermanentTaskError('the pipeline has no deployed mapper');
    mapper = { spec: deployed.spec, targetSchema: deployed.targetSchema as JsonSchema };
  }

  await repo.updateRun(ctx.db, run.id, {
    status: 'running',
    startedAt: run.startedAt ?? new Date(),
    error: null,
  });
  const counters: Counters = {
    rowsRead: run.rowsRead,
    rowsWritten: run.rowsWritten,
    rowsRejected: run.rowsRejected,
    bytes: run.bytes,
  };
  const rejectedSample = [...run.rejectedSample];
  const quarantine = mapper ? await openQuarantine(ctx, run) : undefined;
  const runState: RunState = structuredClone(run.state) as RunState;
  const syncState = structuredClone(sync.state);
  const streams = sync.streams as unknown as SyncStreamConfig[];
  const discovered = await source.discover(srcSettings, cctx);

  for (const s of streams) {
    if (runState[s.name]?.done) continue;
    // kept with the stream's checkpoints: an overwrite that starts over counts from here again
    const before = runState[s.name]?.before ?? { ...counters };
    runState[s.name] = { ...runState[s.name], before };
    const descriptor = discovered.find((d) => d.name === s.name);
    if (!descriptor) throw new ConnectorRuntimeError(`stream ${s.name} no longer exists at the source`);
    const primaryKey = s.primaryKey ?? descriptor.primaryKey;
    let startState =
      runState[s.name]?.state ?? (s.syncMode === 'incremental' ? syncState[s.name] : undefined);
    const writer: DestinationWriter = await dest.open(
      dstSettings,
      {
        stream: s.destination,
        mode: sync.writeMode as WriteMode,
        primaryKey,
        jsonSchema: mapper?.targetSchema ?? descriptor.jsonSchema,
        signal,
        runId: `${run.id}:${s.name}`,
      },
      cctx,
    );
    let buffer: Record<string, unknown>[] = [];
    // with no mapper in between, a PostgreSQL source's COPY text rows go to a destination that
    // takes them as they are (DestinationWriter.writeCopyText): no object per row on either side
    const copyThrough = !mapper && writer.writeCopyText !== undefined;
    let copied: Copied = { columns: [], chunks: [], rows: 0, bytes: 0 };
    let pending: StreamState | undefined;
    /** The state reached but not yet committed (destinations that acknowledge on commit). */
    let deferred: StreamState | undefined;
    // the destination stored a checkpoint with its last batch (same transaction): it is never
    // behind our own, and ahead of it when the worker died between its acknowledgement and ours
    const stored = (await writer.resumeState?.()) as
      | { state?: StreamState; counters?: typeof counters }
      | undefined;
    if (stored?.state) {
      startState = stored.state;
      Object.assign(counters, stored.counters ?? {});
      pending = stored.state;
    }
    await quarantine?.resumeAt(counters.rowsRejected);
    /** Writes one batch, then commits the state that covers it (never before the acknowledgement). */
    const writeAndCommit = async (
      batch: Record<string, unknown>[],
      copy: Copied,
      state: StreamState | undefined,
    ) => {
      let accepted = batch;
      counters.rowsRead += copy.rows;
      counters.bytes += copy.bytes;
      if (batch.length) {
        counters.rowsRead += batch.length;
        counters.bytes += Buffer.byteLength(JSON.stringify(batch));
        if (mapper) {
          const rejected: Rejected[] = [];
          accepted = await mapBatch(ctx, mapper, batch, counters, rejected);
          for (const r of rejected.slice(0, REJECTED_SAMPLE - rejectedSample.length))
            rejectedSample.push({ ...r });
          // stored before the batch: whichever checkpoint commits it, its rejects are kept
          await quarantine!.add(rejected);
        }
      }
      const written = accepted.length + copy.rows;
      const checkpoint =
        state && writer.resumeState
          ? { state, counters: { ...counters, rowsWritten: counters.rowsWritten + written } }
          : undefined;
      // a source yields records or COPY text, never both: one of these writes carries the checkpoint
      if (copy.rows) await writer.writeCopyText!(copy.chunks, copy.columns, checkpoint);
      else if (accepted.length || checkpoint) await writer.write(accepted, checkpoint);
      counters.rowsWritten += written;
      // a destination durable only at commit (an object store): its states wait for the commit
      if (state && dest.spec.acknowledgesOnCommit) {
        deferred = state;
      } else if (state) {
        runState[s.name] = { ...runState[s.name], state };
        if (s.syncMode === 'incremental') syncState[s.name] = state;
        await repo.commitCheckpoint(
          ctx.db,
          run,
          { ...counters, state: runState as never, rejectedSample },
          s.syncMode === 'incremental' ? syncState : undefined,
        );
      }
      progress({ ...counters, stream: s.name });
    };
    // one batch in flight: the source keeps reading while the destination writes the last one
    let inflight: Promise<void> = Promise.resolve();
    const flush = async () => {
      const batch = buffer;
      const copy = copied;
      const state = pending;
      buffer = [];
      copied = { columns: [], chunks: [], rows: 0, bytes: 0 };
      pending = undefined;
      await inflight;
      const p = writeAndCommit(batch, copy, state);
      p.catch(() => {}); // awaited by the next flush or the end; never an unhandled rejection
      inflight = p;
    };
    try {
      for await (const m of source.read(
        srcSettings,
        {
          stream: s.name,
          syncMode: s.syncMode,
          cursorField: s.cursorField ?? descriptor.cursorFields?.[0],
          primaryKey,
          state: startState,
          signal,
          copyText: copyThrough,
        },
        cctx,
      )) {
        // a batch is all records or all COPY text (writeAndCommit writes one or the other)
        if (m.type === 'record') {
          if (copied.rows) throw new Error('the source mixed records and COPY text');
          buffer.push(m.data);
        } else if (m.type === 'copy') {
          if (!copyThrough || buffer.length) throw new Error('the source sent COPY text unasked');
          copied.columns = m.columns;
          copied.chunks.push(m.text);
          copied.rows += m.rows;
          copied.bytes += m.text.length;
        } else if (m.type === 'state') {
          pending = m.state;
          // only at a checkpoint: a written batch is then always covered by the state committed after it
          if (buffer.length >= WRITE_BATCH || copied.bytes >= COPY_BATCH_BYTES) await flush();
        } else cctx.log(m.level, m.message);
        if (signal.aborted) throw signal.reason;
      }
      await flush();
      await inflight;
      await writer.commit();
    } catch (err) {
      await inflight.catch(() => {});
      await writer.abort().catch(() => {});
      // an aborted overwrite dropped its staging table: this stream starts over on the next attempt
      if (sync.writeMode === 'overwrite') {
        // and its rows were never written: the counters (and so the quarantine, trimmed to them
        // when the stream starts again) go back to where the stream began
        delete runState[s.name];
        await repo.updateRun(ctx.db, run.id, { state: runState as never, ...before });
      }
      throw err;
    }
    const reached = deferred ?? runState[s.name]?.state ?? startState;
    runState[s.name] = { state: reached, done: true };
    if (deferred && s.syncMode === 'incremental') syncState[s.name] = deferred;
    await repo.commitCheckpoint(
      ctx.db,
      run,
      { ...counters, state: runState as never, rejectedSample },
      deferred && s.syncMode === 'incremental' ? syncState : undefined,
    );
  }
  await repo.updateRun(ctx.db, run.id, { status: 'succeeded', finishedAt: new Date(), error: null });
  return counters;
}

/** Maps a batch with the deployed mapper; returns the valid records, counts and collects the rest. */
async function mapBatch(
  ctx: AppContext,
  mapper: { spec: unknown; targetSchema: JsonSchema },
  batch: Record<string, unknown>[],
  counters: { rowsRejected: number },
  rejected: Rejected[],
) {
  const accepted: Record<string, unknown>[] = [];
  for (let i = 0; i < batch.length; i += MAP_BATCH) {
    const part = batch.slice(i, i + MAP_BATCH);
    const reply = await evaluateUserCode(ctx.config, {
      spec: mapper.spec,
      schema: mapper.targetSchema,
      records: part,
      listErrors: true,
    });
    reply.records.forEach((r, j) => {
      const errors = reply.errors?.[j] ?? [];
      if (errors.length === 0 && reply.valid?.[j] !== false) accepted.push(r as Record<string, unknown>);
      else {
        counters.rowsRejected++;
        rejected.push({ record: part[j]!, errors });
      }
    });
  }
  return accepted;
}
