import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tasks } from '../db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type TaskStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface EnqueueOptions {
  orgId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  /** a second enqueue with the same key is a no-op that returns null */
  singletonKey?: string;
  /**
   * a transaction to enqueue in: the task exists only if the row it works on does (a process
   * killed between the two writes would otherwise leave that row waiting for a task forever)
   */
  tx?: Db;
}

/** Base delay of the exponential retry backoff (1 s, 2 s, 4 s...). */
export const RETRY_BASE_MS = 1000;

/**
 * The durable queue, as a table in the application database. Every state change is one guarded
 * UPDATE, so two workers (or a worker whose lease expired) can never both finish one task.
 */
/** The PostgreSQL channel an enqueue notifies: worker processes listen on it (server.ts). */
export const TASKS_CHANNEL = 'mapwright_tasks';

/**
 * `notify`: tell worker processes on other machines too (PostgreSQL NOTIFY, delivered at
 * commit), so a job's parts start on every worker at once, not at each one's next poll.
 */
export function createQueue(db: Db, options: { notify?: boolean } = {}) {
  const wake = new EventEmitter();
  wake.setMaxListeners(0);

  return {
    /** emits 'enqueued' so in-process workers start at once instead of at the next poll */
    events: wake,

    async enqueue(
      kind: string,
      payload: Record<string, unknown>,
      opts: EnqueueOptions = {},
    ): Promise<TaskRow | null> {
      const [row] = await (opts.tx ?? db)
        .insert(tasks)
        .values({
          kind,
          payload,
          organizationId: opts.orgId ?? null,
          runAt: opts.runAt ?? new Date(),
          maxAttempts: opts.maxAttempts ?? 3,
          singletonKey: opts.singletonKey,
        })
        .onConflictDoNothing({ target: tasks.singletonKey })
        .returning();
      if (row && options.notify) await (opts.tx ?? db).execute(sql`select pg_notify(${TASKS_CHANNEL}, '')`);
      if (row) wake.emit('enqueued', row);
      return row ?? null;
    },

    /**
     * Many tasks in one statement (a job's parts): one round trip and one wake-up instead of one
     * each. Tasks whose singleton key exists already are skipped; the new ones are returned.
     */
    async enqueueMany(
      items: { kind: string; payload: Record<string, unknown>; opts?: Omit<EnqueueOptions, 'tx'> }[],
    ): Promise<TaskRow[]> {
      if (!items.length) return [];
      const now = new Date();
      const rows = await db
        .insert(tasks)
        .values(
          items.map(({ kind, payload, opts = {} }) => ({
            kind,
            payload,
            organizationId: opts.orgId ?? null,
            runAt: opts.runAt ?? now,
            maxAttempts: opts.maxAttempts ?? 3,
            singletonKey: opts.singletonKey,
          })),
        )
        .onConflictDoNothing({ target: tasks.singletonKey })
        .returning();
      if (rows.length && options.notify) await db.execute(sql`select pg_notify(${TASKS_CHANNEL}, '')`);
      for (const row of rows) wake.emit('enqueued', row);
      return rows;
    },

    async get(id: string) {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
      return row;
    },

    /** Takes the next due task, or a running one whose worker stopped renewing its lease. */
    async claim(workerId: string, leaseMs: number, kinds?: string[]): Promise<TaskRow | null> {
      const now = new Date();
      const due = db
        .select({ id: tasks.id })
        .from(tasks)
        .where(
          and(
            kinds ? inArray(tasks.kind, kinds) : undefined,
            or(
              and(eq(tasks.status, 'queued'), lte(tasks.runAt, now)),
              and(eq(tasks.status, 'running'), lt(tasks.lockedUntil, now)),
            ),
          ),
        )
        .orderBy(asc(tasks.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      const [row] = await db
        .update(tasks)
        .set({
          status: 'running',
          lockedBy: workerId,
          lockedUntil: new Date(now.getTime() + leaseMs),
          attempts: sql`${tasks.attempts} + 1`,
          updatedAt: now,
        })
        .where(inArray(tasks.id, due))
        .returning();
      return row ?? null;
    },

    /** Extends the lease; tells the worker whether someone asked to cancel. null = lease lost. */
    async heartbeat(id: string, workerId: string, leaseMs: number, progress?: Record<string, unknown>) {
      const [row] = await db
        .update(tasks)
        .set({
          lockedUntil: new Date(Date.now() + leaseMs),
          updatedAt: new Date(),
          ...(progress ? { progress } : {}),
        })
        .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'running')))
        .returning({ cancelRequested: tasks.cancelRequested });
      return row ?? null;
    },

    async finish(
      id: string,
      workerId: string,
      status: 'succeeded' | 'cancelled',
      result?: Record<string, unknown>,
    ) {
      const rows = await db
        .update(tasks)
        .set({
          status,
          result: result ?? null,
          lockedBy: null,
          lockedUntil: null,
          finishedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'running')))
        .returning({ id: tasks.id });
      return rows.length === 1;
    },

    /** Retries with exponential backoff while attempts remain (and the error allows it), else fails for good. */
    async fail(task: TaskRow, workerId: string, error: string, retryable: boolean) {
      const again = retryable && task.attempts < task.maxAttempts;
      const rows = await db
        .update(tasks)
        .set(
          again
            ? {
                status: 'queued',
                error,
                lockedBy: null,
                lockedUntil: null,
                runAt: new Date(Date.now() + RETRY_BASE_MS * 2 ** (task.attempts - 1)),
                updatedAt: new Date(),
              }
            : {
                status: 'failed',
                error,
                lockedBy: null,
                lockedUntil: null,
                finishedAt: new Date(),
                updatedAt: new Date(),
              },
        )
        .where(and(eq(tasks.id, task.id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'running')))
        .returning({ status: tasks.status });
      return rows[0]?.status as TaskStatus | undefined;
    },

    /** Gives a running task back to the queue without counting the attempt (graceful shutdown). */
    async release(id: string, workerId: string) {
      await db
        .update(tasks)
        .set({
          status: 'queued',
          lockedBy: null,
          lockedUntil: null,
          attempts: sql`greatest(${tasks.attempts} - 1, 0)`,
          updatedAt: new Date(),
        })
        .where(and(eq(tasks.id, id), eq(tasks.lockedBy, workerId), eq(tasks.status, 'running')));
    },

    /** A queued task is cancelled at once; a running one is asked to stop at its next heartbeat. */
    async cancel(id: string): Promise<TaskStatus | undefined> {
      const [queued] = await db
        .update(tasks)
        .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'queued')))
        .returning({ status: tasks.status });
      if (queued) return 'cancelled';
      await db
        .update(tasks)
        .set({ cancelRequested: true, updatedAt: new Date() })
        .where(and(eq(tasks.id, id), eq(tasks.status, 'running')));
      return (await this.get(id))?.status as TaskStatus | undefined;
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;
