/**
 * An engine thread: maps and validates batches of a job's records off the main thread, so a
 * worker process uses every core and user-written JSONata never blocks HTTP or heartbeats. It
 * receives a batch as JSON text or its UTF-8 bytes (as the dataset layer read it) and answers
 * with the result's rows already encoded for the Parquet writer, as UTF-8 bytes.
 */
import { parentPort } from 'node:worker_threads';
import {
  type CompiledMapper,
  compileSpec,
  createValidator,
  type JsonSchema,
  type MappingSpec,
  type RecordValidator,
} from '@mapwright/engine';
import type { BatchReply, BatchRequest } from './engine-pool.ts';
import { encodeResultRows } from './result-columns.ts';

/** compiled mappers of the last few runs (a run's parts share one; compiling is per spec) */
const compiled = new Map<string, { mapper: CompiledMapper; validator: RecordValidator }>();

const utf8 = new TextDecoder();
const utf8Out = new TextEncoder();

function compiledFor(req: BatchRequest) {
  let c = compiled.get(req.key);
  if (!c) {
    c = {
      mapper: compileSpec(req.spec as MappingSpec),
      validator: createValidator(req.schema as JsonSchema),
    };
    if (compiled.size >= 8) compiled.delete(compiled.keys().next().value!);
    compiled.set(req.key, c);
  }
  return c;
}

async function run(req: BatchRequest): Promise<BatchReply> {
  const { mapper, validator } = compiledFor(req);
  const records = JSON.parse(typeof req.json === 'string' ? req.json : utf8.decode(req.json)) as unknown[];
  // with the report of values the transforms could not convert: none is lost in silence
  const report = mapper.isAsync ? await mapper.mapManyReportAsync(records) : mapper.mapManyReport(records);
  const mapped = report.records;
  const validation = validator.validateRecords(mapped, report.dropped);
  return {
    id: req.id,
    rowsText: utf8Out.encode(encodeResultRows(req.first, mapped, validation.messages, report.dropped)),
    rows: mapped.length,
    valid: validation.valid,
    global: validation.global_errors,
    dropped: validation.dropped,
    droppedByField: validation.droppedByField,
  };
}

parentPort!.on('message', (req: BatchRequest) => {
  run(req).then(
    // the rows' bytes are moved, not copied: a fresh TextEncoder buffer is the thread's to give
    (reply) => parentPort!.postMessage(reply, [reply.rowsText.buffer as ArrayBuffer]),
    (err: unknown) =>
      parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
// loaded: the pool's deadlines count from here (lib/thread-pool.ts)
parentPort!.postMessage({ ready: true });
