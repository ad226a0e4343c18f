import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';
import { TASKS_CHANNEL } from './jobs/queue.ts';
import { taskDefinitions } from './jobs/registry.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { startWorker } from './jobs/worker.ts';
import { loadJwtSecret } from './lib/jwt-secret.ts';
import { closeEnginePool, enginePool } from './modules/pipelines/engine-pool.ts';
import { enqueueSampleData } from './modules/sample-data/sample-data.service.ts';

export interface Started {
  app: FastifyInstance;
  url: string;
  seeded: boolean;
  /** resolves once this process's engine threads have booted and mapped their warm-up batch (at once: a web process has none) */
  warmed: Promise<void>;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, seeds, and listens. */
export async function startServer(config: Config): Promise<Started> {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await database.migrate();
    const { demoOrgId, created } = await seed(database.db, {
      adminEmail: config.SEED_ADMIN_EMAIL,
      adminPassword: config.SEED_ADMIN_PASSWORD,
      staffEmail: config.SEED_STAFF_EMAIL,
      staffPassword: config.SEED_STAFF_PASSWORD,
      productName: config.PRODUCT_NAME,
    });
    const app = await buildApp({
      config,
      database,
      jwtSecret: loadJwtSecret(config.JWT_SECRET, config.DATA_DIR),
      demoOrgId,
    });
    // the demo organization's sample project, made once by a queued task (SEED_SAMPLE_DATA)
    if (config.SEED_SAMPLE_DATA && demoOrgId) await enqueueSampleData(app.ctx, demoOrgId);
    // Fastify runs onClose hooks in reverse order of registration: the database's is registered
    // first so it closes last, and the worker's last so it stops first, handing back its running
    // tasks while the engine threads and the database still answer (in the other order a
    // stopping worker's hand-back and a finished task's last writes met a closed pool, and the
    // process died of the unhandled rejection)
    app.addHook('onClose', () => database.close());
    let warmed = Promise.resolve();
    if (config.ROLE !== 'web') {
      const worker = startWorker(app.ctx, app.ctx.queue, taskDefinitions, {
        concurrency: config.WORKER_CONCURRENCY,
      });
      // tasks enqueued by other processes (PostgreSQL): wake at once instead of at the next poll
      if (database.listen) {
        const unlisten = await database.listen(TASKS_CHANNEL, () => app.ctx.queue.events.emit('enqueued'));
        app.addHook('onClose', unlisten);
      }
      // engine threads boot now, not when the first job arrives
      warmed = enginePool(config.ENGINE_THREADS)
        .warm()
        .catch(() => {});
      app.addHook('onClose', () => closeEnginePool());
      // workflow schedules: safe to run in every worker process (one run per tick, see scheduler.ts)
      const scheduler = startScheduler(app.ctx);
      app.addHook('onClose', () => scheduler.stop());
      app.addHook('onClose', () => worker.stop());
    }
    await app.listen({ host: config.HOST, port: config.PORT });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const host = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    return { app, url: `http://${host}:${port}`, seeded: created, warmed, close: () => app.close() };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

/** Stops taking new connections, lets in-flight requests finish, then closes the database. */
export function closeOnSignals(started: Started, log: (msg: string) => void) {
  let closing = false;
  const stop = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal} received, shutting down`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await started.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
