/**
 * Worker threads that score entity-resolution pairs, one per core (the engine's `shardedScorer`
 * splits the pairs; resolution-thread.ts scores a shard). Started on first use.
 */
import { availableParallelism } from 'node:os';
import { type ShardReply, type ShardRequest, scoringPlan, shardedScorer } from '@mapwright/engine';
import { ThreadPool } from '../../lib/thread-pool.ts';

let pool: ThreadPool<ShardRequest, ShardReply> | undefined;

export function resolutionScorer(threads = availableParallelism()) {
  pool ??= new ThreadPool<ShardRequest, ShardReply>({
    script: new URL('./resolution-thread.ts', import.meta.url),
    size: threads,
    what: 'entity-resolution scoring',
  });
  const p = pool;
  return shardedScorer(p.size, (req) => p.run(req));
}

export async function closeResolutionPool() {
  await pool?.close();
  pool = undefined;
}

/** Starts the threads and waits until each has loaded the engine (a benchmark times work, not boot). */
export async function warmResolutionPool(threads = availableParallelism()) {
  resolutionScorer(threads);
  const empty = new Int32Array(0);
  const req: ShardRequest = {
    op: 'levels',
    plan: scoringPlan([]),
    a: empty,
    b: empty,
    from: 0,
    to: 0,
    out: new Uint8Array(0),
  };
  await Promise.all(Array.from({ length: threads }, () => pool?.run(req)));
}
