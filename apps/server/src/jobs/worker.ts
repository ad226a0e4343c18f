import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Queue, TaskRow } from './queue.ts';

export interface TaskContext<P> {
  app: AppContext;
  task: TaskRow;
  payload: P;
  /** aborted when the task is cancelled or the worker stops */
  signal: AbortSignal;
  /** saved with the next heartbeat (cheap to call often) */
  progress(p: Record<string, unknown>): void;
}

export interface TaskDefinition<S extends z.ZodType = z.ZodType> {
  kind: string;
  payload: S;
  maxAttempts?: number;
  handler(ctx: TaskContext<z.infer<S>>): Promise<Record<string, unknown> | undefined>;
}

export const defineTask = <S extends z.ZodType>(def: TaskDefinition<S>) => def;

/** Thrown by a handler when retrying cannot help (bad input): the task fails at once. */
export class PermanentTaskError extends Error {}

export interface WorkerOptions {
  concurrency?: number;
  pollMs?: number;
  leaseMs?: number;
  workerId?: string;
}

/**
 * Runs tasks from the queue until stopped. A heartbeat renews the lease (every third of it, at
 * least every second) and
 * carries progress; if the task was cancelled the handler's signal is aborted.
 */
export function startWorker(
  app: AppContext,
  queue: Queue,
  definitions: TaskDefinition[],
  opts: WorkerOptions = {},
) {
  const { concurrency = 2, pollMs = 1000, leaseMs = 30_000 } = opts;
  const workerId = opts.workerId ?? `worker-${randomUUID().slice(0, 8)}`;
  const byKind = new Map(definitions.map((d) => [d.kind, d]));
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();
  let wakeUp: (() => void) | null = null;
  const onEnqueued = () => wakeUp?.();
  queue.events.on('enqueued', onEnqueued);

  async function run(task: TaskRow) {
    // claimed while the worker was being stopped: its stop signal has already fired, so a
    // handler started now would never hear it; hand the task straight back instead
    if (stopping.signal.aborted) {
      await queue.release(task.id, workerId).catch(() => {});
      return;
    }
    const def = byKind.get(task.kind)!;
    const abort = new AbortController();
    const onStop = () => abort.abort(new Error('worker stopping'));
    stopping.signal.addEventListener('abort', onStop);
    let latest: Record<string, unknown> | undefined;
    let cancelled = false;
    const beat = setInterval(
      async () => {
        const state = await queue.heartbeat(task.id, workerId, leaseMs, latest).catch(() => null);
        if (!state || state.cancelRequested) {
          cancelled = Boolean(state?.cancelRequested);
          abort.abort(new Error(cancelled ? 'cancelled' : 'lease lost'));
        }
      },
      // at least every second: the beat also carries progress and notices a cancel quickly
      Math.max(50, Math.min(1000, Math.floor(leaseMs / 3))),
    );
    try {
      const payload = def.payload.parse(task.payload);
      const result = await def.handler({
        app,
        task,
        payload,
        signal: abort.signal,
        progress: (p) => {
          latest = p;
        },
      });
      if (latest) await queue.heartbeat(task.id, workerId, leaseMs, latest);
      await queue.finish(task.id, workerId, 'succeeded', result);
    } catch (err) {
      if (cancelled) {
        await queue.finish(task.id, workerId, 'cancelled');
      } else if (!stopping.signal.aborted) {
        const message = err instanceof Error ? err.message : String(err);
        const status = await queue.fail(
          task,
          workerId,
          message,
          !(err instanceof PermanentTaskError) && !(err instanceof Error && err.name === 'ZodError'),
        );
        app.log.warn(
          { task: task.id, kind: task.kind, attempt: task.attempts, status, err: message },
          'task failed',
        );
      }
      // stopping: hand the task back untouched so another worker starts it at once
      if (stopping.signal.aborted && !cancelled) await queue.release(task.id, workerId).catch(() => {});
    } finally {
      clearInterval(beat);
      stopping.signal.removeEventListener('abort', onStop);
    }
  }

  // one listener for the whole loop (one per idle wait would pile up: MaxListenersExceededWarning)
  stopping.signal.addEventListener('abort', () => wakeUp?.(), { once: true });
  const loop = (async () => {
    while (!stopping.signal.aborted) {
      if (running.size < concurrency) {
        const task = await queue.claim(workerId, leaseMs, [...byKind.keys()]).catch((err) => {
          app.log.error({ err }, 'claiming a task failed');
          return null;
        });
        if (task) {
          const p = run(task).finally(() => {
            running.delete(p);
            wakeUp?.();
          });
          running.add(p);
          continue;
        }
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = null;
    }
  })();

  return {
    workerId,
    /** stops claiming, aborts running handlers and waits for them to wind down */
    async stop() {
      stopping.abort();
      queue.events.off('enqueued', onEnqueued);
      await loop;
      await Promise.allSettled([...running]);
    },
  };
}
