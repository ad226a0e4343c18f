import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** API paths whose GET from a browser (Accept: text/html) is a page of the SPA (the POST stays the API). */
const SPA_PATHS_UNDER_API = new Set(['/api/code-generation-openai']);

export const DEFAULT_WEB_DIST = resolve(dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * Serves the built SPA. Unknown non-API GETs that accept HTML get index.html (history fallback)
 * so deep links like /pipelines/123 work; everything else is a JSON 404.
 */
export async function registerStatic(app: FastifyInstance, webDist = DEFAULT_WEB_DIST) {
  const hasSpa = existsSync(resolve(webDist, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // the API is under /api, except that spec §2 allows the code generation page at its API path too
    const pagePath = !path.startsWith('/api') || SPA_PATHS_UNDER_API.has(path.replace(/\/+$/, ''));
    const wantsPage = req.method === 'GET' && pagePath && (req.headers.accept ?? '').includes('text/html');
    if (hasSpa && wantsPage) {
      // The shell must never be cached stale; hashed assets are cached by their own headers.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ detail: `Not found: ${req.method} ${path}` });
  });
}
