/**
 * User code evaluated on request (a workflow's final-node mapping, a dry run of a draft mapper)
 * runs here, on a few threads of its own, never on the event loop: each request has a deadline
 * (USER_CODE_TIMEOUT_MS) and each thread a heap limit (USER_CODE_MEMORY_MB). A request past its
 * deadline stops its thread and fails with "… took longer than N s"; the pool starts another.
 * The heap limit is best effort: V8 stops most runaway allocations in the thread (the request
 * fails with "… ran out of memory"), but some shapes (one array grown without end) still abort
 * the whole process (nodejs/node#47224); only a child process would contain those.
 * Job runs map on the engine threads instead (pipelines/engine-pool.ts), same mechanism.
 */
import { availableParallelism } from 'node:os';
import type { MappingSpec } from '@mapwright/engine';
import type { Config } from '../config.ts';
import { ThreadPool } from './thread-pool.ts';

export interface UserCodeRequest {
  /** the user's mapping; null = the engine's suggestion for these records onto `schema` */
  spec: unknown;
  /** instead of a spec: one JSONata expression whose value is the whole output record */
  expression?: string;
  /** validate the mapped records against it; null = no validation */
  schema: unknown;
  records: unknown[];
  /** also list every schema error of each record (one record's, not a batch's: no x-unique) */
  listErrors?: boolean;
}

export interface UserCodeReply {
  /** the mapping used (the suggestion, when none was given) */
  spec: MappingSpec;
  records: unknown[];
  /** per record, when a schema was given: valid as a run validates the batch */
  valid: boolean[] | null;
  /** per record, when asked for with listErrors */
  errors: { path: string; message: string }[][] | null;
}

type Limits = Pick<Config, 'USER_CODE_TIMEOUT_MS' | 'USER_CODE_MEMORY_MB'>;

let pool: ThreadPool<UserCodeRequest, UserCodeReply> | null = null;
let poolMemory = 0;

function poolFor(memoryMb: number) {
  if (!pool || poolMemory !== memoryMb) {
    void pool?.close();
    poolMemory = memoryMb;
    pool = new ThreadPool<UserCodeRequest, UserCodeReply>({
      script: new URL('./user-code-thread.ts', import.meta.url),
      // two: one slow preview does not queue every other one behind it
      size: Math.min(2, Math.max(1, availableParallelism())),
      // the old generation only: a young one set beside a small old one can turn the thread's
      // out-of-memory into a fatal error of the whole process (seen on Node 20)
      resourceLimits: { maxOldGenerationSizeMb: memoryMb },
      what: 'the mapping',
    });
  }
  return pool;
}

/** Maps (and validates) records with user code off the main thread, under the config's limits. */
export function evaluateUserCode(limits: Limits, req: UserCodeRequest): Promise<UserCodeReply> {
  return poolFor(limits.USER_CODE_MEMORY_MB).run(req, { timeoutMs: limits.USER_CODE_TIMEOUT_MS });
}

/** Stops the threads (the app's close hook, through closeEnginePool). */
export async function closeUserCodePool() {
  const p = pool;
  pool = null;
  await p?.close();
}
