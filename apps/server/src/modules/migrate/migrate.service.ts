import { type TMigrationFile, type TMigrationPlan, ZMigrationFile } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../lib/errors.ts';
import { parseAllowlist, safeFetch } from '../../lib/safe-fetch.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import { checkGraph } from '../workflows/graph.ts';
import {
  definitionsOf,
  insertMapperVersions,
  insertPipeline,
  insertSchema,
  insertWorkflow,
  takenNames,
} from './migrate.repository.ts';

/** This organization's pipelines, target schemas, mapper versions and workflows as one file. */
export async function exportDefinitions(ctx: AppContext, p: Principal): Promise<TMigrationFile> {
  const { schemas, pipes, flows, versions } = await definitionsOf(ctx.db, p.orgId);
  return {
    format: 'mapwright-export',
    version: 1,
    exported_at: new Date().toISOString(),
    target_schemas: schemas.map((s) => ({ key: s.id, name: s.name, schema: s.schema })),
    pipelines: pipes.map((pl) => ({
      key: pl.id,
      name: pl.name,
      description: pl.description,
      target_schema_key: pl.targetSchemaId,
      deployed_version: pl.deployedVersion,
      mapper_versions: versions
        .filter((v) => v.pipelineId === pl.id)
        .map((v) => ({ version: v.version, spec: v.spec, target_schema: v.targetSchema, note: v.note })),
    })),
    workflows: flows.map((w) => ({
      name: w.name,
      nodes: w.nodes,
      edges: w.edges,
      sync_frequency: w.syncFrequency,
      timezone: w.timezone,
      source_app: w.sourceApp,
      prompt: w.prompt,
      url_string: w.urlString,
      json_schema: w.jsonSchema,
      is_complete: w.isComplete,
    })),
  };
}

/** Reads an export from another instance's API (`GET {url}/api/migrate/export` with its key). */
async function pull(ctx: AppContext, source: { url: string; api_key: string }): Promise<TMigrationFile> {
  const url = `${source.url.replace(/\/+$/, '').replace(/\/api$/, '')}/api/migrate/export`;
  let res: Awaited<ReturnType<typeof safeFetch>>;
  try {
    res = await safeFetch(
      url,
      {
        headers: { 'lume-api-key': source.api_key, accept: 'application/json' },
        credentials: true,
        maxBytes: 50 * 1024 ** 2,
      },
      { allowlist: parseAllowlist(ctx.config.OUTBOUND_ALLOWLIST) },
    );
  } catch (err) {
    throw new FieldError(['body', 'source', 'url'], `could not be reached: ${(err as Error).message}`);
  }
  if (res.status === 401 || res.status === 403)
    throw new FieldError(['body', 'source', 'api_key'], `was refused by the source (HTTP ${res.status})`);
  if (res.status !== 200)
    throw new FieldError(['body', 'source', 'url'], `answered HTTP ${res.status}, not an export`);
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    throw new FieldError(['body', 'source', 'url'], 'did not answer JSON');
  }
  const parsed = ZMigrationFile.safeParse(body);
  if (!parsed.success)
    throw new FieldError(['body', 'source', 'url'], 'did not answer a Mapwright export file');
  return parsed.data;
}

/** What an import would create and what clashes (and why); nothing is written here. */
async function planOf(db: Db, orgId: string, file: TMigrationFile) {
  const taken = await takenNames(db, orgId);
  const create: TMigrationPlan['create'] = [];
  const clashes: TMigrationPlan['clashes'] = [];
  const seen = { schemas: new Set<string>(), pipelines: new Set<string>(), workflows: new Set<string>() };
  const claim = (kind: keyof typeof seen, name: string) => {
    const k = name.toLowerCase();
    if (taken[kind].has(k)) return 'a definition with this name already exists here';
    if (seen[kind].has(k)) return 'the file holds two with this name';
    seen[kind].add(k);
    return null;
  };
  const schemaKeys = new Set(file.target_schemas.map((s) => s.key));
  file.target_schemas.forEach((s, i) => {
    let reason = claim('schemas', s.name);
    if (!reason)
      try {
        checkTargetSchema(s.schema, ['file', 'target_schemas', i, 'schema']);
      } catch (err) {
        reason = `the schema is not valid: ${(err as Error).message}`;
      }
    (reason ? clashes : create).push({ type: 'target_schema', name: s.name, ...(reason ? { reason } : {}) });
  });
  for (const pl of file.pipelines) {
    const versions = pl.mapper_versions.map((v) => v.version);
    let reason = claim('pipelines', pl.name);
    if (!reason && !schemaKeys.has(pl.target_schema_key)) reason = 'its target schema is not in the file';
    if (!reason && new Set(versions).size !== versions.length)
      reason = 'two mapper versions have the same number';
    if (!reason && pl.deployed_version !== null && !versions.includes(pl.deployed_version))
      reason = `its deployed mapper version ${pl.deployed_version} is not in the file`;
    if (reason) {
      clashes.push({ type: 'pipeline', name: pl.name, reason });
      continue;
    }
    create.push({ type: 'pipeline', name: pl.name });
    for (const v of pl.mapper_versions)
      create.push({ type: 'mapper_version', name: `${pl.name} v${v.version}` });
  }
  file.workflows.forEach((w, i) => {
    let reason = claim('workflows', w.name);
    if (!reason)
      try {
        checkGraph({ nodes: w.nodes, edges: w.edges } as never, ['file', 'workflows', i]);
      } catch (err) {
        reason = `its graph is not valid: ${(err as Error).message}`;
      }
    (reason ? clashes : create).push({ type: 'workflow', name: w.name, ...(reason ? { reason } : {}) });
  });
  return { create, clashes };
}

/**
 * Imports an export (or one pulled from another instance). A dry run only lists; a real import
 * writes everything in one transaction, or nothing when anything clashes. Imported workflows
 * arrive switched off: their schedule starts when someone turns them on here.
 */
export async function importDefinitions(
  ctx: AppContext,
  p: Principal,
  body: { file?: TMigrationFile; source?: { url: string; api_key: string } },
  dryRun: boolean,
): Promise<{ status: 200 | 201 | 409; plan: TMigrationPlan }> {
  assertCanWrite(p);
  const file = body.file ?? (await pull(ctx, body.source!));
  const { create, clashes } = await planOf(ctx.db, p.orgId, file);
  if (dryRun) return { status: 200, plan: { dry_run: true, imported: false, create, clashes } };
  if (clashes.length) return { status: 409, plan: { dry_run: false, imported: false, create, clashes } };
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const schemaIds = new Map<string, string>();
    for (const s of file.target_schemas) {
      const checked = checkTargetSchema(s.schema, ['file', 'schema']) as Record<string, unknown>;
      schemaIds.set(s.key, (await insertSchema(db, p.orgId, p.userId, s.name, checked)).id);
    }
    for (const pl of file.pipelines) {
      const row = await insertPipeline(db, {
        orgId: p.orgId,
        name: pl.name,
        description: pl.description,
        schemaId: schemaIds.get(pl.target_schema_key)!,
        deployedVersion: pl.deployed_version,
      });
      await insertMapperVersions(
        db,
        pl.mapper_versions.map((v) => ({
          pipelineId: row.id,
          version: v.version,
          spec: v.spec,
          targetSchema: v.target_schema,
          note: v.note || 'imported',
          createdBy: p.userId,
        })),
      );
    }
    for (const w of file.workflows)
      await insertWorkflow(
        db,
        {
          organizationId: p.orgId,
          name: w.name,
          nodes: w.nodes,
          edges: w.edges,
          isActive: false,
          isComplete: w.is_complete,
          syncFrequency: w.sync_frequency,
          timezone: w.timezone,
          sourceApp: w.source_app,
          prompt: w.prompt,
          urlString: w.url_string,
          jsonSchema: w.json_schema,
          createdBy: p.userId,
        },
        'imported',
      );
    await recordAudit(db, {
      organizationId: p.orgId,
      actorUserId: p.userId,
      impersonatorUserId: p.impersonatorId,
      action: 'migration.imported',
      details: { created: create.length, exported_at: file.exported_at },
    });
  });
  return { status: 201, plan: { dry_run: false, imported: true, create, clashes } };
}
