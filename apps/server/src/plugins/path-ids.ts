import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import {
  apiKeys,
  authenticatedApps,
  connections,
  datasets,
  files,
  flows,
  imports,
  jobs,
  joinRuns,
  joins,
  pipelines,
  projects,
  resolutions,
  results,
  syncs,
  targetSchemas,
  users,
  workbooks,
  workflowRuns,
  workflows,
  workshops,
} from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';

type OwnedTable = PgTable & { id: PgColumn; organizationId: PgColumn };

/** The collection segment before a route's first `:param`, and the table whose rows it names. */
const OWNED: Record<string, [OwnedTable, string]> = {
  'api-keys': [apiKeys, 'API key'],
  'authenticated-apps': [authenticatedApps, 'Authenticated app'],
  connections: [connections, 'Connection'],
  datasets: [datasets, 'Dataset'],
  files: [files, 'File'],
  flows: [flows, 'Flow'],
  imports: [imports, 'Import'],
  jobs: [jobs, 'Job'],
  'join-runs': [joinRuns, 'Join run'],
  joins: [joins, 'Join'],
  pipelines: [pipelines, 'Pipeline'],
  projects: [projects, 'Project'],
  resolutions: [resolutions, 'Resolution'],
  results: [results, 'Result'],
  syncs: [syncs, 'Sync'],
  target_schemas: [targetSchemas, 'Target schema'],
  users: [users, 'User'],
  workbooks: [workbooks, 'Workbook'],
  'workflow-runs': [workflowRuns, 'Workflow run'],
  workflows: [workflows, 'Workflow'],
  workshops: [workshops, 'Workshop'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `/api/pipelines/:id/jobs` → `{collection: 'pipelines', param: 'id'}`. */
function firstIdOf(url: string): { collection: string; param: string } | null {
  const parts = url.split('/');
  const at = parts.findIndex((p) => p.startsWith(':'));
  return at > 0 ? { collection: parts[at - 1]!, param: parts[at]!.slice(1) } : null;
}

/**
 * Ownership before validation: a caller who names another organization's resource learns
 * nothing about it, not even which bodies it would accept. Fastify validates the body and query
 * before any handler runs, so without this a foreign id with a bad body answered 422 where a
 * good body answered 404. One indexed lookup, on every write and on reads that take a query
 * (plain reads by id do their own 404 first anyway). Malformed ids are left to
 * validation (422); the handlers still check ownership themselves — this is the earlier gate,
 * not the only one.
 */
export function registerPathIds(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (!req.principal || (req.method === 'GET' && !req.routeOptions.schema?.querystring)) return;
    const first = firstIdOf(req.routeOptions.url ?? '');
    const owned = first && OWNED[first.collection];
    if (!first || !owned) return;
    const [table, noun] = owned;
    const id = (req.params as Record<string, unknown>)[first.param];
    if (typeof id !== 'string' || !UUID.test(id)) return;
    const found = await app.ctx.db
      .select({ one: sql`1` })
      .from(table)
      .where(and(eq(table.id, id), eq(table.organizationId, req.principal.orgId)))
      .limit(1);
    if (!found.length) throw notFound(`${noun} not found`);
  });
}
