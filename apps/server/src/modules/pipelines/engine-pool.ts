/**
 * A pool of engine threads per process (ENGINE_THREADS, one per core by default). A job part
 * reads its input with DuckDB on the main thread and hands each batch, as the bytes of its JSON
 * text, to the next free thread; decoding, mapping, validation and encoding the result rows
 * happen there, and the rows come back as bytes for the part's file. The thread
 * mechanics (tsx bootstrap, replacing a dead thread) are lib/thread-pool.ts.
 */
import type { GlobalErrors } from '@mapwright/engine';
import { PermanentTaskError } from '../../jobs/worker.ts';
import { type RunOptions, ThreadMemoryError, ThreadPool, ThreadTimeoutError } from '../../lib/thread-pool.ts';
import { closeUserCodePool } from '../../lib/user-code.ts';

export interface BatchRequest {
  id: number;
  /** identifies the spec + schema (a run): threads compile each once */
  key: string;
  spec: unknown;
  schema: unknown;
  /** the index of the batch's first record in the job */
  first: number;
  /** the records, as the text of a JSON array or its UTF-8 bytes */
  json: string | Uint8Array;
}

export interface BatchReply {
  id: number;
  /**
   * the result rows as `rowEncoder(RESULT_COLUMNS)` writes them, in UTF-8: moved from the thread
   * (transferred, not copied) and written to the part's file as they are
   */
  rowsText: Uint8Array;
  rows: number;
  valid: number;
  /** record indices relative to the batch */
  global: GlobalErrors;
  /** source values the transforms could not convert, in all and per target field */
  dropped: number;
  droppedByField: Record<string, number>;
}

class EnginePool extends ThreadPool<Omit<BatchRequest, 'id'>, BatchReply> {
  constructor(size: number) {
    super({
      script: new URL('./engine-thread.ts', import.meta.url),
      size,
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
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

  /** Resolves once every thread has booted (they load the engine: a few hundred ms). */
  async warm() {
    const empty = { key: 'warm', spec: { version: 1, fields: [] }, schema: {}, first: 0, json: '[]' };
    await Promise.all(Array.from({ length: this.size }, () => this.run(empty)));
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
