/**
 * A scoring thread of entity resolution: runs the engine's `runShard` on a shard of candidate
 * pairs for resolution-pool.ts (used by resolution.task.ts and bench/entity-resolution.ts).
 * The shard's levels (or weights) go back in the reply.
 */
import { parentPort } from 'node:worker_threads';
import { runShard, type ShardRequest } from '@mapwright/engine';

parentPort!.on('message', (req: ShardRequest & { id: number }) => {
  try {
    parentPort!.postMessage({ id: req.id, ...runShard(req) });
  } catch (err) {
    parentPort!.postMessage({ id: req.id, error: err instanceof Error ? err.message : String(err) });
  }
});
// loaded: the pool's deadlines count from here (lib/thread-pool.ts)
parentPort!.postMessage({ ready: true });
