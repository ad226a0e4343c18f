/**
 * The list endpoints under load — `GET /api/projects?size=50` and `GET /api/pipelines?size=50`,
 * authenticated, 200 projects and 200 pipelines seeded — with autocannon on loopback, on the
 * embedded database and on PostgreSQL, beside a minimal Fastify handler that makes the same
 * queries (the same service function) against the same database: the ratio is what the API's
 * own layers (auth, validation, serialization, hooks) cost on top of the queries.
 *
 *   npm run bench:api
 *   BENCH_API_SECONDS=10 BENCH_API_CONNECTIONS=20 npm run bench:api
 *   BENCH_API_DATABASES=embedded npm run bench:api
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import type { Principal } from '../apps/server/src/context.ts';
import { roles, users } from '../apps/server/src/db/schema.ts';
import { listPipelines } from '../apps/server/src/modules/pipelines/pipelines.service.ts';
import { listProjects } from '../apps/server/src/modules/projects/projects.service.ts';
import { benchApp, DEMO, openFresh } from './bench-app.ts';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_API_CONNECTIONS ?? 10);
const ROWS = Number(process.env.BENCH_API_ROWS ?? 200);
const DATABASES = (process.env.BENCH_API_DATABASES ?? 'embedded,postgres').split(',');
const SCHEMA = { type: 'object', properties: { id: { type: 'string' }, amount: { type: 'number' } } };

/**
 * Loads `url` for SECONDS; with `health`, probes that URL every 100 ms meanwhile (what every
 * other request waits while the list saturates the event loop) and reports its slowest answer.
 */
async function load(url: string, headers: Record<string, string>, health?: string) {
  let done = false;
  const waits: number[] = [];
  const probe = (async () => {
    while (health && !done) {
      const t0 = performance.now();
      await (await fetch(health)).arrayBuffer();
      waits.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  // the load generator on a thread of its own: on the event loop it would take half the server's CPU
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, workers: 1 });
  done = true;
  await probe;
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99, health: waits.length ? Math.max(...waits) : 0 };
}

const out = (s: string) => process.stdout.write(`${s}\n`);
const num = (n: number, w: number) => Math.round(n).toLocaleString('en-US').padStart(w);

async function bench(kind: string) {
  const dir = mkdtempSync(join(tmpdir(), 'mw-bench-api-'));
  const { database, drop } = await openFresh(kind, dir);
  try {
    const { app, headers } = await benchApp(database, { DATA_DIR: dir, ROLE: 'web' });
    const post = async (path: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url: `/api${path}`, payload, headers });
      if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    for (let i = 0; i < ROWS; i++) {
      const project = await post('/projects', { name: `Project ${i}`, description: 'seeded by the bench' });
      await post('/pipelines', { name: `Pipeline ${i}`, target_schema: SCHEMA, project_id: project.id });
    }
    const [user] = await database.db
      .select({ id: users.id, orgId: users.organizationId, roleId: users.roleId, role: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.email, DEMO.email));
    const principal: Principal = {
      userId: user!.id,
      orgId: user!.orgId,
      roleId: user!.roleId,
      role: user!.role,
      via: 'jwt',
    };
    const q = { page: 1, size: 50 };
    // the baseline: no auth, no schemas, no hooks; the same service call on the same database
    const bare = Fastify({ logger: false });
    bare.get('/projects', () => listProjects(app.ctx, principal, q));
    bare.get('/pipelines', () => listPipelines(app.ctx, principal, q));
    const apiUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
    const rows = [];
    for (const list of ['projects', 'pipelines']) {
      const api = await load(`${apiUrl}/api/${list}?size=50`, headers, `${apiUrl}/api/health`);
      const base = await load(`${bareUrl}/${list}`, {});
      rows.push({ list, api, base });
    }
    await bare.close();
    await app.close();
    return rows;
  } finally {
    await database.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

out(
  `list endpoints, ${ROWS} rows each, size=50, ${CONNECTIONS} connections, ${SECONDS} s per case (autocannon on loopback)`,
);
out('database   list        API req/s  p99 ms   bare req/s  p99 ms   API/bare   health max ms');
for (const kind of DATABASES) {
  for (const { list, api, base } of await bench(kind)) {
    out(
      `${kind.padEnd(10)} ${list.padEnd(10)} ${num(api.rps, 10)} ${num(api.p99, 7)}   ${num(base.rps, 10)} ${num(base.p99, 7)}   ${(api.rps / base.rps).toFixed(2).padStart(8)}   ${num(api.health, 13)}`,
    );
  }
}
