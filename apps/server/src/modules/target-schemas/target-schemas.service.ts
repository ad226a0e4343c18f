import type { TTargetSchema } from '@mapwright/contracts';
import {
  createProfiler,
  createValidator,
  type JsonSchema,
  listTargetFields,
  type MappingSpec,
  schemaFromProfile,
} from '@mapwright/engine';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import {
  imports,
  mapperVersions,
  pipelines,
  results,
  targetSchemas,
  targetSchemaVersions,
} from '../../db/schema.ts';
import { conflict, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { importRowRange } from '../imports/imports.service.ts';
import { findProject } from '../projects/projects.service.ts';
import { checkTargetSchema } from './schema-check.ts';
import { diffSchemas } from './schema-diff.ts';

type Row = typeof targetSchemas.$inferSelect;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const toDto = (r: Row): TTargetSchema => ({
  id: r.id,
  name: r.name,
  filename: r.filename,
  schema: r.schema,
  project_id: r.projectId,
  version: r.version,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

async function find(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(targetSchemas)
    .where(and(eq(targetSchemas.organizationId, orgId), eq(targetSchemas.id, id)));
  if (!row) throw notFound('Target schema not found');
  return row;
}

export async function listSchemas(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; name?: string; id?: string; project_id?: string },
) {
  const where = and(
    eq(targetSchemas.organizationId, p.orgId),
    q.name ? ilike(targetSchemas.name, `%${escapeLike(q.name)}%`) : undefined,
    q.id ? ilike(sql`${targetSchemas.id}::text`, `${escapeLike(q.id)}%`) : undefined,
    q.project_id ? eq(targetSchemas.projectId, q.project_id) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(targetSchemas)
      .where(where)
      .orderBy(desc(targetSchemas.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(targetSchemas).where(where),
  ]);
  return pageOf(rows.map(toDto), count?.n ?? 0, q.page, q.size);
}

export const getSchema = async (ctx: AppContext, p: Principal, id: string) =>
  toDto(await find(ctx, p.orgId, id));

export async function createSchema(
  ctx: AppContext,
  p: Principal,
  input: { name: string; filename?: string; schema: Record<string, unknown>; project_id?: string },
) {
  assertCanWrite(p);
  if (input.project_id && !(await findProject(ctx.db, p.orgId, input.project_id)))
    throw notFound('Project not found');
  const schema = checkTargetSchema(input.schema);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .insert(targetSchemas)
      .values({
        organizationId: p.orgId,
        projectId: input.project_id ?? null,
        name: input.name,
        filename: input.filename ?? null,
        schema,
      })
      .returning();
    await tx
      .insert(targetSchemaVersions)
      .values({ schemaId: r!.id, version: 1, schema, createdBy: p.userId });
    return r!;
  });
  return toDto(row);
}

/** Replaces the schema; the old one stays as the previous version. */
export async function updateSchema(ctx: AppContext, p: Principal, id: string, raw: Record<string, unknown>) {
  await find(ctx, p.orgId, id);
  assertCanWrite(p);
  const schema = checkTargetSchema(raw);
  const row = await ctx.db.transaction(async (tx) => {
    const [r] = await tx
      .update(targetSchemas)
      .set({ schema, version: sql`${targetSchemas.version} + 1`, updatedAt: new Date() })
      .where(eq(targetSchemas.id, id))
      .returning();
    await tx
      .insert(targetSchemaVersions)
      .values({ schemaId: id, version: r!.version, schema, createdBy: p.userId });
    return r!;
  });
  return toDto(row);
}

export async function deleteSchema(ctx: AppContext, p: Principal, id: string) {
  await find(ctx, p.orgId, id);
  assertCanWrite(p);
  // pipelines map into the schema: deleting it would orphan their mappers
  const users = await ctx.db
    .select({ name: pipelines.name })
    .from(pipelines)
    .where(and(eq(pipelines.organizationId, p.orgId), eq(pipelines.targetSchemaId, id)));
  if (users.length)
    throw conflict(
      `The schema is used by ${users.length === 1 ? 'pipeline' : `${users.length} pipelines`} ${users
        .slice(0, 3)
        .map((u) => `"${u.name}"`)
        .join(', ')}${users.length > 3 ? '…' : ''}: delete ${users.length === 1 ? 'it' : 'them'} first`,
    );
  await ctx.db
    .delete(targetSchemas)
    .where(and(eq(targetSchemas.organizationId, p.orgId), eq(targetSchemas.id, id)));
}

export async function listVersions(ctx: AppContext, p: Principal, id: string) {
  await find(ctx, p.orgId, id);
  const rows = await ctx.db
    .select()
    .from(targetSchemaVersions)
    .where(eq(targetSchemaVersions.schemaId, id))
    .orderBy(desc(targetSchemaVersions.version));
  return {
    items: rows.map((v) => ({ version: v.version, schema: v.schema, created_at: v.createdAt.toISOString() })),
  };
}

export async function diffVersions(ctx: AppContext, p: Principal, id: string, from: number, to: number) {
  await find(ctx, p.orgId, id);
  const rows = await ctx.db.select().from(targetSchemaVersions).where(eq(targetSchemaVersions.schemaId, id));
  const a = rows.find((v) => v.version === from);
  const b = rows.find((v) => v.version === to);
  if (!a) throw new FieldError(['query', 'from'], `version ${from} does not exist`);
  if (!b) throw new FieldError(['query', 'to'], `version ${to} does not exist`);
  return diffSchemas(from, a.schema as JsonSchema, to, b.schema as JsonSchema);
}

/** Proposes (and optionally saves) a schema that fits an import's rows or sample records. */
export async function inferSchema(
  ctx: AppContext,
  p: Principal,
  input: {
    name: string;
    import_id?: string;
    records?: Record<string, unknown>[];
    save: boolean;
    project_id?: string;
  },
) {
  const profiler = createProfiler();
  let projectId = input.project_id;
  if (input.import_id) {
    const [imp] = await ctx.db
      .select()
      .from(imports)
      .where(and(eq(imports.organizationId, p.orgId), eq(imports.id, input.import_id)));
    if (!imp) throw notFound('Import not found');
    if (imp.status !== 'succeeded')
      throw new FieldError(['body', 'import_id'], 'the import has not finished');
    projectId ??= imp.projectId ?? undefined;
    // the first 10 000 rows are plenty to see every field and its type
    for (const r of await importRowRange(ctx, imp, 0, 10_000)) profiler.add(r.record);
  } else {
    for (const r of input.records ?? []) profiler.add(r);
  }
  const schema = schemaFromProfile(profiler.result().fields, { title: input.name, enums: true });
  if (Object.keys(schema.properties ?? {}).length === 0)
    throw new FieldError(['body'], 'no fields were found in the data');
  if (!input.save)
    return { id: null, name: input.name, schema: checkTargetSchema(schema as Record<string, unknown>) };
  const saved = await createSchema(ctx, p, {
    name: input.name,
    schema: schema as Record<string, unknown>,
    project_id: projectId,
  });
  return { id: saved.id, name: saved.name, schema: saved.schema };
}

/**
 * How each field of a schema is fed: for every pipeline onto it, the sources and transform of
 * its deployed mapper (or of its latest run when nothing is deployed yet).
 */
export async function schemaUsage(ctx: AppContext, p: Principal, id: string) {
  const schema = await find(ctx, p.orgId, id);
  const users = await ctx.db
    .select()
    .from(pipelines)
    .where(and(eq(pipelines.organizationId, p.orgId), eq(pipelines.targetSchemaId, id)));
  const fed = new Map<
    string,
    { pipeline_id: string; pipeline_name: string; sources: string[]; transform: string; confidence: number }[]
  >();
  const out = [];
  for (const pl of users) {
    let spec: MappingSpec | undefined;
    if (pl.deployedVersion) {
      const [v] = await ctx.db
        .select()
        .from(mapperVersions)
        .where(and(eq(mapperVersions.pipelineId, pl.id), eq(mapperVersions.version, pl.deployedVersion)));
      spec = v?.spec as unknown as MappingSpec | undefined;
    } else {
      const [r] = await ctx.db
        .select()
        .from(results)
        .where(eq(results.pipelineId, pl.id))
        .orderBy(desc(results.createdAt))
        .limit(1);
      spec = r?.spec as unknown as MappingSpec | undefined;
    }
    out.push({
      id: pl.id,
      name: pl.name,
      deployed_mapper_version: pl.deployedVersion,
      mapped_fields: spec?.fields.length ?? 0,
    });
    for (const f of spec?.fields ?? []) {
      const list = fed.get(f.target) ?? [];
      list.push({
        pipeline_id: pl.id,
        pipeline_name: pl.name,
        sources: f.sources,
        transform: f.transform.kind,
        confidence: f.confidence,
      });
      fed.set(f.target, list);
    }
  }
  const fields = listTargetFields(schema.schema as JsonSchema).map((f) => ({
    path: f.path,
    types: f.types,
    required: f.required,
    fed_by: fed.get(f.path) ?? [],
  }));
  return { schema_id: id, pipelines: out, fields };
}

/**
 * Values tried against one field: the validator a run uses, on records of that one field, so the
 * preview says exactly what a run would. A rule that does not compile is a 422 naming the field.
 */
export function checkValues(body: { field: Record<string, unknown>; required: boolean; values: unknown[] }) {
  let validator: ReturnType<typeof createValidator>;
  try {
    validator = createValidator({
      type: 'object',
      properties: { value: body.field },
      required: body.required ? ['value'] : [],
    } as JsonSchema);
  } catch (err) {
    throw new FieldError(
      ['body', 'field'],
      `The field's rules are not valid JSON Schema: ${(err as Error).message}`,
    );
  }
  const v = validator.validateRecords(body.values.map((value) => (value === undefined ? {} : { value })));
  return {
    results: body.values.map((value, i) => {
      const m = v.messages[i];
      if (m === 'success') return { value, ok: true, message: null };
      const errors = Object.values(
        (m as { record_errors?: Record<string, { error_message: string }> }).record_errors ?? {},
      );
      return {
        value,
        ok: false,
        message: errors.map((e) => e.error_message.replace(/^value: /, '')).join('; ') || 'not accepted',
      };
    }),
  };
}
