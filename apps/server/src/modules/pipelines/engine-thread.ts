/**
 * An engine thread: maps and validates batches of a job's records off the main thread, so a
 * worker process uses every core and user-written JSONata never blocks HTTP or heartbeats. A
 * batch is one input row group: the thread reads it from the input's Parquet file itself (or is
 * handed it as JSON, when the file is not plain text: engine-pool.ts), and answers with the
 * result's row group already built (its column chunks' bytes, moved to the main thread).
 *
 * It works in slices of SLICE records: parsed records, mapped records and their JSON text then
 * die young, in the young generation; a whole row group at once (10,240) outlived it and made
 * every scavenge copy them (measured: 5.3–9 µs a record of thread time, 3.5 µs in slices).
 */
import { parentPort } from 'node:worker_threads';
import {
  type CompiledMapper,
  compileSpec,
  createValidator,
  type GlobalErrors,
  type JsonSchema,
  type MappingSpec,
  normalizeTargetSchema,
  type RecordValidator,
  uniquePaths,
} from '@mapwright/engine';
// the dataset layer's page reader and row-group builder, not its service: a thread loads no DuckDB
import { RowGroupBuilder } from '../datasets/parquet-build.ts';
import { jsonArrayOf, readTextChunk } from '../datasets/parquet-pages.ts';
import type { BatchReply, BatchRequest } from './engine-pool.ts';
import { addCounts, mergeGlobal } from './global-errors.ts';
import { appendResultRows, RESULT_COLUMNS } from './result-columns.ts';

/** Records mapped at a time (see above): measured best between 256 and 512. */
const SLICE = 512;

interface Compiled {
  mapper: CompiledMapper;
  validator: RecordValidator;
  /** x-unique compares the records of a batch: such a schema validates the row group at once */
  slice: number;
}

/** compiled mappers of the last few runs (a run's parts share one; compiling is per spec) */
const compiled = new Map<string, Compiled>();
const builder = new RowGroupBuilder(RESULT_COLUMNS);
const utf8 = new TextDecoder();

function compiledFor(req: BatchRequest) {
  let c = compiled.get(req.key);
  if (!c) {
    const schema = req.schema as JsonSchema;
    c = {
      mapper: compileSpec(req.spec as MappingSpec),
      validator: createValidator(schema),
      slice: uniquePaths(normalizeTargetSchema(schema)).length ? Number.POSITIVE_INFINITY : SLICE,
    };
    if (compiled.size >= 8) compiled.delete(compiled.keys().next().value!);
    compiled.set(req.key, c);
  }
  return c;
}

/** The batch's records, a slice at a time. */
function* slicesOf(req: BatchRequest, size: number): Generator<unknown[]> {
  if (req.json !== undefined) {
    const all = JSON.parse(typeof req.json === 'string' ? req.json : utf8.decode(req.json)) as unknown[];
    for (let k = 0; k < all.length; k += size) yield all.slice(k, k + size);
    return;
  }
  for (const s of req.groups ?? []) {
    const chunk = readTextChunk(s.path, s.rowGroup, 'record');
    if (s.to > chunk.count)
      throw new Error(`row group ${s.rowGroup} holds ${chunk.count} records, not ${s.to}`);
    for (let k = s.from; k < s.to; k += size)
      yield JSON.parse(jsonArrayOf(chunk, k, Math.min(s.to, k + size))) as unknown[];
  }
}

function shiftIndices(global: GlobalErrors, by: number) {
  for (const list of Object.values(global.error_types))
    for (const e of list ?? []) for (let k = 0; k < e.error_indices.length; k++) e.error_indices[k]! += by;
}

async function run(req: BatchRequest): Promise<BatchReply> {
  const { mapper, validator, slice } = compiledFor(req);
  builder.reset(); // a batch that failed may have left rows behind
  const global: GlobalErrors = { error_types: {} };
  const droppedByField: Record<string, number> = {};
  let rows = 0;
  let valid = 0;
  let dropped = 0;
  for (const records of slicesOf(req, slice)) {
    // with the report of values the transforms could not convert: none is lost in silence
    const report = mapper.isAsync ? await mapper.mapManyReportAsync(records) : mapper.mapManyReport(records);
    const v = validator.validateRecords(report.records, report.dropped);
    // indices in the job, not the slice: the messages share these lists, so they say so too
    shiftIndices(v.global_errors, req.first + rows);
    appendResultRows(builder, req.first + rows, report.records, v.messages, report.dropped);
    mergeGlobal(global, v.global_errors, 0);
    addCounts(droppedByField, v.droppedByField);
    rows += report.records.length;
    valid += v.valid;
    dropped += v.dropped;
  }
  return { id: req.id, group: builder.finish(rows), rows, valid, global, dropped, droppedByField };
}

parentPort!.on('message', (req: BatchRequest) => {
  run(req).then(
    // the row group's bytes are moved, not copied: a fresh buffer is the thread's to give
    (reply) => parentPort!.postMessage(reply, [reply.group.bytes.buffer as ArrayBuffer]),
    (err: unknown) =>
      parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// loaded: the pool's deadlines count from here (lib/thread-pool.ts)
parentPort!.postMessage({ ready: true });
