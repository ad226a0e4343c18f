import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

/*
 * The built-in sample finance API is part of this server: workflow nodes call it through
 * `app.inject` (no socket, no SSRF exposure, works in a worker-only process too). The routes
 * plugin registers the app here, keyed by its context, for the runner to find.
 */
const apps = new WeakMap<AppContext, FastifyInstance>();

export function registerInProcessApp(ctx: AppContext, app: FastifyInstance) {
  apps.set(ctx, app);
}

export function inProcessApp(ctx: AppContext): FastifyInstance {
  const app = apps.get(ctx);
  if (!app) throw new Error('the built-in sample API is not available in this process');
  return app;
}
