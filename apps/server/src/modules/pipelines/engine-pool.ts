/**
 * A pool of engine threads per process (ENGINE_THREADS, one per core by default). A job part
 * hands each batch (an input row group) to the next free thread: where it is in the input's
 * Parquet file, or, for a file in another encoding, its records as JSON read by DuckDB. Reading,
 * mapping, validation and building the result's row group happen there, and the row group
 * comes back as bytes for the part's file. The thread
 * mechanics (tsx bootstrap, replacing a dead thread) are lib/thread-pool.ts.
 */
import type { GlobalErrors } from '@mapwright/engine';
import { PermanentTaskError } from '../../jobs/worker.ts';
import { type RunOptions, ThreadMemoryError, ThreadPool, ThreadTimeoutError } from '../../lib/thread-pool.ts';
import { closeUserCodePool } from '../../lib/user-code.ts';
import type { BuiltRowGroup, RecordGroup } from '../datasets/datasets.service.ts';
import { WARM_SCHEMA, WARM_SPEC, warmRecordsJson } from './engine-warmup.ts';

export interface BatchRequest {
  id: number;
  /** identifies the spec + schema (a run): threads compile each once */
  key: string;
  spec: unknown;
  schema: unknown;
  /** the index of the batch's first record in the job */
  first: number;
  /** the records, as the text of a JSON array or its UTF-8 bytes ... */
  json?: string | Uint8Array;
  /** ... or where they are: row groups of plain `records` files the thread reads itself */
  groups?: RecordGroup[];
}

export interface BatchReply {
  id: number;
  /** the result's row group (RESULT_COLUMNS): moved from the thread, written to the part's file */
  group: BuiltRowGroup;
  rows: number;
  valid: number;
  /** record indices in the job (as the records' messages give them) */
  global: GlobalErrors;
  /** source values the transforms could not convert, in all and per target field */
  dropped: number;
  droppedByField: Record<string, number>;
}

/** semi-space of an engine thread's young generation (see the constructor) */
const SEMI_SPACE_MB = 32;

class EnginePool extends ThreadPool<Omit<BatchRequest, 'id'>, BatchReply> {
  constructor(size: number) {
    super({
      script: new URL('./engine-thread.ts', import.meta.url),
      size,
      // a young generation of 32 MiB semi-spaces from the start (V8 starts small and grows it
      // only when much survives, which here little does): a slice's records are still alive at
      // each scavenge, and with V8's 8 MiB it copied them 4x as often (measured: 7.9 µs a record
      // of a job's CPU against 10.4)
      resourceLimits: { maxYoungGenerationSizeMb: 3 * SEMI_SPACE_MB },
      v8Flags: `--min-semi-space-size=${SEMI_SPACE_MB}`,
      what: 'the mapping',
    });
  }

  /**
   * Maps one batch. A batch stopped for time or memory fails its part for good: the same user
   * code on the same records would only hold a thread that long again.
   */
  override async run(req: Omit<BatchRequest, 'id'>, opts: RunOptions = {}): Promise<BatchReply> {
    try {
      return await super.run(req, opts);
    } catch (err) {
      if (err instanceof ThreadTimeoutError || err instanceof ThreadMemoryError)
        throw new PermanentTaskError(`${err.message} (records ${req.first} onwards)`);
      throw err;
    }
  }

  /**
   * Resolves once every thread has booted (they load the engine: a few hundred ms) and has mapped
   * a warm-up batch (engine-warmup.ts), so the first job's batches run optimized code.
   */
  async warm() {
    const each = (req: Omit<BatchRequest, 'id'>) =>
      Promise.all(Array.from({ length: this.size }, () => this.run(req)));
    // all threads up and idle first: then the warm-up batches go one to each
    await each({ key: 'boot', spec: { version: 1, fields: [] }, schema: {}, first: 0, json: '[]' });
    await each({ key: 'warm-up', spec: WARM_SPEC, schema: WARM_SCHEMA, first: 0, json: warmRecordsJson() });
  }
}

/**
 * How long one batch may map: USER_CODE_TIMEOUT_MS per 1,000 records (10 ms a record on
 * average by default, far above any real mapping), so one user's runaway JSONata frees its
 * engine thread instead of holding every thread of the pool from everyone's jobs.
 */
export const batchDeadlineMs = (limitMs: number, records: number) =>
  Math.round(limitMs * Math.max(1, records / 1000));

let pool: EnginePool | null = null;

/** The process's pool, started on first use. */
export function enginePool(size: number) {
  pool ??= new EnginePool(Math.max(1, size));
  return pool;
}

/** Stops the threads, and those that evaluate user code for previews (the app's close hook). */
export async function closeEnginePool() {
  const p = pool;
  pool = null;
  await Promise.all([p?.close(), closeUserCodePool()]);
}
