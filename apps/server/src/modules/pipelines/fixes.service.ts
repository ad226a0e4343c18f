/**
 * Fixing quarantined records by hand: cell edits and find-and-replace are re-validated at once
 * and kept aside as fixes; applying them rewrites the result's files (one Parquet file per part
 * that holds a fixed record), so each record is in the result once, fixed, and every read —
 * pages, downloads, the files themselves — sees the same thing.
 */
import { createValidator, FORBIDDEN_SEGMENTS, type GlobalErrors, type JsonSchema } from '@mapwright/engine';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { resultFixes, resultParts, results } from '../../db/schema.ts';
import { AppError, FieldError } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import {
  createFileWriter,
  type DatasetFile,
  type JsonColumn,
  readJsonDatasetRows,
  setDatasetFiles,
} from '../datasets/datasets.service.ts';
import { datasetOf, entriesAt, failedPage, fixesAt } from './result-rows.ts';
import { findResult, resultDto } from './results.service.ts';

type ResultRow = typeof results.$inferSelect;

/** `a.b[2].c` → ['a', 'b', 2, 'c']; reserved names are refused (they would reach prototypes). */
function keysOf(path: string): (string | number)[] {
  const keys: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!m || (m[1] === '' && !m[2])) throw new FieldError(['body', 'changes', path], 'is not a field path');
    if (m[1]) keys.push(m[1]);
    for (const i of m[2]!.matchAll(/\[(\d+)\]/g)) keys.push(Number(i[1]));
  }
  if (keys.some((k) => typeof k === 'string' && FORBIDDEN_SEGMENTS.has(k)))
    throw new FieldError(['body', 'changes', path], 'uses a reserved name');
  return keys;
}

function valueAt(o: unknown, keys: (string | number)[]) {
  let v = o;
  for (const k of keys)
    v = v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

function setAt(o: Record<string, unknown>, keys: (string | number)[], value: unknown) {
  let cur: Record<string | number, unknown> = o;
  keys.forEach((k, i) => {
    if (i === keys.length - 1) {
      if (value === undefined) delete cur[k];
      else cur[k] = value;
      return;
    }
    const next = Object.hasOwn(cur, k) ? cur[k] : undefined;
    if (!next || typeof next !== 'object') cur[k] = typeof keys[i + 1] === 'number' ? [] : {};
    cur = cur[k] as Record<string | number, unknown>;
  });
}

async function editable(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  const { r } = await findResult(ctx, p.orgId, id);
  if (r.status === 'queued' || r.status === 'running')
    throw new AppError(409, 'The run is still going: fix its records once it has ended');
  if (!(await datasetOf(ctx, r)))
    throw new AppError(409, 'This result was stored before fixes were possible: run the job again');
  return r;
}

/** Re-validates edited records and keeps them as fixes (one validator for the batch). */
async function saveFixes(
  ctx: AppContext,
  r: ResultRow,
  records: { index: number; mapped: Record<string, unknown> }[],
) {
  if (!records.length) return [];
  const v = createValidator(r.targetSchema as JsonSchema).validateRecords(records.map((x) => x.mapped));
  const rows = records.map((x, i) => ({
    resultId: r.id,
    recordIndex: x.index,
    mappedRecord: x.mapped,
    message: v.messages[i] as never,
    valid: v.messages[i] === 'success',
    updatedAt: new Date(),
  }));
  for (let i = 0; i < rows.length; i += 500)
    await ctx.db
      .insert(resultFixes)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: [resultFixes.resultId, resultFixes.recordIndex],
        set: {
          mappedRecord: sql`excluded.mapped_record`,
          message: sql`excluded.message`,
          valid: sql`excluded.valid`,
          updatedAt: sql`excluded.updated_at`,
        },
      });
  return rows;
}

/** Edits cells of one quarantined record (its fixed version if it has one) and re-validates it. */
export async function fixRecord(
  ctx: AppContext,
  p: Principal,
  id: string,
  index: number,
  changes: Record<string, unknown>,
) {
  const r = await editable(ctx, p, id);
  const keys = Object.entries(changes).map(([path, value]) => ({ keys: keysOf(path), value }));
  const prior = (await fixesAt(ctx, r.id, [index])).get(index);
  const [entry] = prior ? [] : await entriesAt(ctx, r, [index]);
  if (!prior && (!entry || entry.message === 'success'))
    throw new AppError(404, 'No quarantined record with this index');
  const mapped = structuredClone(
    (prior?.mappedRecord ?? entry!.mapped_record ?? {}) as Record<string, unknown>,
  );
  for (const c of keys) setAt(mapped, c.keys, c.value === null ? undefined : c.value);
  const [saved] = await saveFixes(ctx, r, [{ index, mapped }]);
  return { index, mapped_record: saved!.mappedRecord, message: saved!.message, valid: saved!.valid };
}

/** Replaces text in one field of every quarantined record (fixed ones as fixed), re-validating each. */
export async function replaceInField(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { field: string; find: string; replace: string; whole: boolean },
) {
  const r = await editable(ctx, p, id);
  const keys = keysOf(q.field);
  let changed = 0;
  for (let offset = 0; ; offset += 1000) {
    const { items } = await failedPage(ctx, r, offset, 1000);
    if (!items.length) break;
    const fixes = await fixesAt(
      ctx,
      r.id,
      items.map((e) => e.index),
    );
    const edits: { index: number; mapped: Record<string, unknown> }[] = [];
    for (const e of items) {
      const mapped = structuredClone(
        (fixes.get(e.index)?.mappedRecord ?? e.mapped_record ?? {}) as Record<string, unknown>,
      );
      const v = valueAt(mapped, keys);
      if (typeof v !== 'string') continue;
      const next = q.whole ? (v === q.find ? q.replace : v) : v.replaceAll(q.find, q.replace);
      if (next === v) continue;
      setAt(mapped, keys, next);
      edits.push({ index: e.index, mapped });
    }
    await saveFixes(ctx, r, edits);
    changed += edits.length;
  }
  return { ...(await fixesSummary(ctx, p, id)), changed };
}

export async function fixesSummary(ctx: AppContext, p: Principal, id: string) {
  const { r } = await findResult(ctx, p.orgId, id);
  const [row] = await ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      valid: sql<number>`count(*) filter (where ${resultFixes.valid})::int`,
    })
    .from(resultFixes)
    .where(eq(resultFixes.resultId, r.id));
  return { count: row?.count ?? 0, valid: row?.valid ?? 0 };
}

/** Error indices of records that now pass are taken out of the run's grouped errors. */
function withoutIndices(global: GlobalErrors | null, passed: Set<number>): GlobalErrors | null {
  if (!global) return global;
  const out: GlobalErrors = { error_types: {} };
  for (const [type, list] of Object.entries(global.error_types)) {
    const kept = (list ?? [])
      .map((g) => ({ ...g, error_indices: g.error_indices.filter((i) => !passed.has(i)) }))
      .filter((g) => g.error_indices.length > 0);
    if (kept.length) out.error_types[type as keyof GlobalErrors['error_types']] = kept;
  }
  return out;
}

/**
 * Puts the fixes into the result: each part holding a fixed record is written again as a new
 * file with those records replaced, then the result's files and counts change in one
 * transaction and the fixes are gone. Records that still fail stay quarantined, fixed.
 */
export async function applyFixes(ctx: AppContext, p: Principal, id: string) {
  const r = await editable(ctx, p, id);
  const fixes = await ctx.db.select().from(resultFixes).where(eq(resultFixes.resultId, r.id));
  if (!fixes.length) throw new AppError(409, 'There are no fixes to apply');
  const ds = (await datasetOf(ctx, r))!;
  const columns = ds.columns as JsonColumn[];
  const at = (name: string) => columns.findIndex((c) => c.name === name);
  const parts = await ctx.db
    .select()
    .from(resultParts)
    .where(eq(resultParts.resultId, r.id))
    .orderBy(asc(resultParts.partIndex));
  const byIndex = new Map(fixes.map((f) => [f.recordIndex, f]));
  const rewritten = new Map<number, { file: DatasetFile | null; succeeded: number }>();
  let gained = 0;
  for (const part of parts) {
    const mine = fixes.filter(
      (f) => f.recordIndex >= part.firstIndex && f.recordIndex < part.firstIndex + part.count,
    );
    if (!mine.length) continue;
    const rows = await readJsonDatasetRows(ctx, ds, part.firstIndex, part.firstIndex + part.count);
    const writer = await createFileWriter(ctx, columns);
    let succeeded = 0;
    for (const row of rows) {
      const fix = byIndex.get(row[at('index')] as number);
      if (fix) {
        if (!row[at('valid')] && fix.valid) gained++;
        row[at('valid')] = fix.valid;
        row[at('mapped_record')] = fix.mappedRecord;
        row[at('message')] = fix.message;
      }
      if (row[at('valid')]) succeeded++;
      const pending = writer.append(row);
      if (pending) await pending;
    }
    rewritten.set(part.partIndex, { file: await writer.finish(), succeeded });
  }
  const passed = new Set(fixes.filter((f) => f.valid).map((f) => f.recordIndex));
  await ctx.db.transaction(async (tx) => {
    const files: DatasetFile[] = [];
    for (const part of parts) {
      const next = rewritten.get(part.partIndex);
      if (next)
        await tx
          .update(resultParts)
          .set({ file: next.file, succeeded: next.succeeded })
          .where(and(eq(resultParts.resultId, r.id), eq(resultParts.partIndex, part.partIndex)));
      const file = next ? next.file : part.file;
      if (file) files.push(file);
    }
    await setDatasetFiles(tx as never, { organizationId: r.organizationId, id: ds.id }, files);
    const succeeded = r.succeeded + gained;
    await tx
      .update(results)
      .set({
        succeeded,
        failed: r.processed - succeeded,
        globalErrors: withoutIndices(r.globalErrors as GlobalErrors | null, passed) as never,
        status:
          r.processed - succeeded > 0 ? 'needs review' : r.status === 'needs review' ? 'finished' : r.status,
      })
      .where(eq(results.id, r.id));
    await tx.delete(resultFixes).where(eq(resultFixes.resultId, r.id));
  });
  const { r: after, taskStatus } = await findResult(ctx, p.orgId, id);
  return resultDto(after, taskStatus);
}
