import type { TImport, TImportOptions } from '@mapwright/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { importChunks, importProblems, imports, tasks } from '../../db/schema.ts';
import { chunkRange } from '../../lib/chunks.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import {
  columnValueCounts,
  type DatasetCtx,
  deleteDataset,
  duplicateRows,
  findDataset,
  readDatasetRecordsJson,
  readDatasetRows,
} from '../datasets/datasets.service.ts';
import { findFile, findVersion } from '../files/files.service.ts';
import { formatOf, type ImportFormat, listSheets, UnreadableFileError } from './parsers/index.ts';

type ImportRow = typeof imports.$inferSelect;

/** The import's own status, unless its task ended without it being able to say so (a crash). */
function statusOf(imp: ImportRow, taskStatus?: string | null): TImport['status'] {
  const open = imp.status === 'queued' || imp.status === 'running';
  if (open && (taskStatus === 'failed' || taskStatus === 'cancelled')) return taskStatus;
  return imp.status as TImport['status'];
}

function toDto(imp: ImportRow, task?: { status: string; error: string | null } | null): TImport {
  const status = statusOf(imp, task?.status);
  return {
    id: imp.id,
    name: imp.name,
    project_id: imp.projectId,
    file_id: imp.fileId,
    file_version_id: imp.fileVersionId,
    format: imp.format as TImport['format'],
    options: imp.options as TImportOptions,
    detected: imp.detected ?? null,
    status,
    progress: status === 'succeeded' ? 1 : imp.bytesTotal ? Math.min(1, imp.bytesRead / imp.bytesTotal) : 0,
    bytes_total: imp.bytesTotal,
    bytes_read: imp.bytesRead,
    row_count: imp.rowCount,
    problem_count: imp.problemCount,
    columns: (imp.columns as TImport['columns']) ?? null,
    error: imp.error ?? (status === 'failed' ? (task?.error ?? 'The import failed') : null),
    created_at: imp.createdAt.toISOString(),
    finished_at: imp.finishedAt?.toISOString() ?? null,
  };
}

async function load(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select({ imp: imports, task: { status: tasks.status, error: tasks.error } })
    .from(imports)
    .leftJoin(tasks, eq(tasks.id, imports.taskId))
    .where(and(eq(imports.organizationId, orgId), eq(imports.id, id)));
  if (!row) throw notFound('Import not found');
  return row;
}

export async function getImport(ctx: AppContext, p: Principal, id: string) {
  const row = await load(ctx, p.orgId, id);
  return toDto(row.imp, row.task);
}

export async function listImports(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; project_id?: string },
) {
  const where = and(
    eq(imports.organizationId, p.orgId),
    q.project_id ? eq(imports.projectId, q.project_id) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ imp: imports, task: { status: tasks.status, error: tasks.error } })
      .from(imports)
      .leftJoin(tasks, eq(tasks.id, imports.taskId))
      .where(where)
      .orderBy(desc(imports.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(imports).where(where),
  ]);
  return pageOf(
    rows.map((r) => toDto(r.imp, r.task)),
    count?.n ?? 0,
    q.page,
    q.size,
  );
}

export async function createImport(
  ctx: AppContext,
  p: Principal,
  input: {
    file_id: string;
    file_version_id?: string;
    name?: string;
    format?: TImport['format'];
    options: TImportOptions;
  },
) {
  const file = await findFile(ctx.db, p.orgId, input.file_id);
  if (!file) throw notFound('File not found');
  const versionId = input.file_version_id ?? file.currentVersionId;
  const version = versionId ? await findVersion(ctx.db, p.orgId, file.id, versionId) : undefined;
  if (!version) throw notFound('Version not found');
  assertCanWrite(p);
  const format = input.format ?? formatOf(version.filename, version.contentType);
  if (!format)
    throw new FieldError(
      ['body', 'format'],
      `cannot tell the format of "${version.filename}"; choose csv, tsv, xlsx, json, jsonl or parquet`,
    );
  await checkSheet(ctx, format, version.sha256, input.options.sheet);
  // the import and its task in one transaction: a process killed between the two would leave
  // an import that stays queued with nothing to run it
  const id = await ctx.db.transaction(async (tx) => {
    const [imp] = await tx
      .insert(imports)
      .values({
        organizationId: p.orgId,
        projectId: file.projectId,
        fileId: file.id,
        fileVersionId: version.id,
        name: input.name ?? `${version.filename} (v${version.number})`,
        format,
        options: input.options,
        bytesTotal: version.size,
      })
      .returning();
    const task = await ctx.queue.enqueue('import.run', { importId: imp!.id }, { orgId: p.orgId, tx });
    await tx.update(imports).set({ taskId: task!.id }).where(eq(imports.id, imp!.id));
    return imp!.id;
  });
  return getImport(ctx, p, id);
}

/** The sheets of a workbook in the blob store (a file that is not a readable workbook has none). */
async function sheetsOfBlob(ctx: AppContext, sha256: string) {
  return listSheets(() => ctx.blobs.get(sha256), await ctx.blobs.localPath?.(sha256));
}

/**
 * A named sheet must be one of the workbook's, said at once rather than by a failed import; a
 * workbook that cannot be read at all fails its import with the reason, as without a sheet.
 */
async function checkSheet(ctx: AppContext, format: ImportFormat, sha256: string, sheet?: string) {
  if (sheet === undefined) return;
  const where = ['body', 'options', 'sheet'];
  if (format !== 'xlsx')
    throw new FieldError(where, `only Excel workbooks have sheets; this import reads ${format}`);
  const sheets = await sheetsOfBlob(ctx, sha256).catch((err: unknown) => {
    if (err instanceof UnreadableFileError) return null;
    throw err;
  });
  if (sheets && !sheets.some((s) => s.name === sheet))
    throw new FieldError(
      where,
      `the workbook has no sheet named "${sheet}"; its sheets: ${sheets.map((s) => `"${s.name}"`).join(', ')}`,
    );
}

/** The sheets of a file version (its format, and for a workbook every sheet with its rows). */
export async function importSheets(
  ctx: AppContext,
  p: Principal,
  q: { file_id: string; file_version_id?: string },
) {
  const file = await findFile(ctx.db, p.orgId, q.file_id);
  if (!file) throw notFound('File not found');
  const versionId = q.file_version_id ?? file.currentVersionId;
  const version = versionId ? await findVersion(ctx.db, p.orgId, file.id, versionId) : undefined;
  if (!version) throw notFound('Version not found');
  const format = formatOf(version.filename, version.contentType) ?? null;
  if (format !== 'xlsx') return { format, sheets: [] };
  try {
    return { format, sheets: await sheetsOfBlob(ctx, version.sha256) };
  } catch (err) {
    if (err instanceof UnreadableFileError) throw new FieldError(['query', 'file_id'], err.message);
    throw err;
  }
}

/** Rows per chunk of the imports stored before datasets (read in place, never written again). */
const LEGACY_CHUNK_ROWS = 500;

async function legacyRows(db: Db, importId: string, from: number, to: number) {
  const chunks = await db
    .select()
    .from(importChunks)
    .where(
      and(
        eq(importChunks.importId, importId),
        ...chunkRange(importChunks.chunkIndex, from, to, LEGACY_CHUNK_ROWS),
      ),
    )
    .orderBy(asc(importChunks.chunkIndex));
  return chunks
    .flatMap((c) => c.rows.map((r, i) => ({ index: c.firstRow + i, line: r.line, record: r.record })))
    .filter((r) => r.index >= from && r.index < to);
}

/** Rows [from, to) of an import: from its dataset, or from the chunks of an import made before datasets. */
export async function importRowRange(ctx: DatasetCtx, imp: ImportRow, from: number, to: number) {
  if (!imp.datasetId) return legacyRows(ctx.db, imp.id, from, to);
  const ds = await findDataset(ctx.db, imp.organizationId, imp.datasetId);
  return ds ? readDatasetRows(ctx, ds, from, to) : [];
}

/** An import by id within its organization (a job's input), or undefined. */
async function importIn(ctx: DatasetCtx, orgId: string, importId: string) {
  const [imp] = await ctx.db
    .select()
    .from(imports)
    .where(and(eq(imports.organizationId, orgId), eq(imports.id, importId)));
  return imp;
}

/** The records [from, to) of an import (a job's input), by the import's id within its organization. */
export async function importRecords(
  ctx: DatasetCtx,
  orgId: string,
  importId: string,
  from: number,
  to: number,
) {
  const imp = await importIn(ctx, orgId, importId);
  if (!imp) return [];
  return (await importRowRange(ctx, imp, from, to)).map((r) => r.record);
}

/** The same records with their index and source line. */
export async function importRowsOf(
  ctx: DatasetCtx,
  orgId: string,
  importId: string,
  from: number,
  to: number,
) {
  const imp = await importIn(ctx, orgId, importId);
  return imp ? importRowRange(ctx, imp, from, to) : [];
}

/** The same records as the text of a JSON array (read natively; a job's engine thread parses it). */
export async function importRecordsJson(
  ctx: DatasetCtx,
  orgId: string,
  importId: string,
  from: number,
  to: number,
): Promise<string> {
  const imp = await importIn(ctx, orgId, importId);
  if (!imp) return '[]';
  if (!imp.datasetId)
    return JSON.stringify((await legacyRows(ctx.db, imp.id, from, to)).map((r) => r.record));
  const ds = await findDataset(ctx.db, imp.organizationId, imp.datasetId);
  return ds ? readDatasetRecordsJson(ctx, ds, from, to) : '[]';
}

/** The dataset of a finished import (one stored before datasets cannot answer native questions). */
async function datasetOfImport(ctx: AppContext, imp: ImportRow) {
  const ds = imp.datasetId ? await findDataset(ctx.db, imp.organizationId, imp.datasetId) : null;
  if (!ds) throw new AppError(409, 'This import has no stored rows to count yet: run it (again) first');
  return ds;
}

/** A column's values with their counts, most frequent first, optionally only those containing `search`. */
export async function importValues(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { column: string; search?: string; limit: number },
) {
  const { imp } = await load(ctx, p.orgId, id);
  const columns = (imp.columns as TImport['columns']) ?? [];
  if (!columns.some((c) => c.path === q.column))
    throw new FieldError(['query', 'column'], `The import has no column "${q.column}"`);
  const ds = await datasetOfImport(ctx, imp);
  const r = await columnValueCounts(ctx, ds, q.column, { search: q.search, limit: q.limit });
  return { column: q.column, ...r };
}

/** Rows that repeat an earlier row exactly, with the lines of the largest groups. */
export async function importDuplicates(ctx: AppContext, p: Principal, id: string) {
  const { imp } = await load(ctx, p.orgId, id);
  return duplicateRows(ctx, await datasetOfImport(ctx, imp), 20);
}

/** A page of the import's rows. */
export async function importRows(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { page: number; size: number },
) {
  const { imp } = await load(ctx, p.orgId, id);
  const from = offsetOf(q.page, q.size);
  const items = await importRowRange(ctx, imp, from, from + q.size);
  return pageOf(items, imp.rowCount, q.page, q.size);
}

export async function importProblemsPage(
  ctx: AppContext,
  p: Principal,
  id: string,
  q: { page: number; size: number },
) {
  await load(ctx, p.orgId, id);
  const where = eq(importProblems.importId, id);
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select()
      .from(importProblems)
      .where(where)
      .orderBy(asc(importProblems.line))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(importProblems).where(where),
  ]);
  return pageOf(
    rows.map((r) => ({ line: r.line, reason: r.reason, raw: r.raw })),
    count?.n ?? 0,
    q.page,
    q.size,
  );
}

export async function cancelImport(ctx: AppContext, p: Principal, id: string) {
  const { imp } = await load(ctx, p.orgId, id);
  assertCanWrite(p);
  if (imp.taskId) {
    const status = await ctx.queue.cancel(imp.taskId);
    if (status === 'cancelled')
      await ctx.db
        .update(imports)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(eq(imports.id, id));
  }
  return getImport(ctx, p, id);
}

export async function deleteImport(ctx: AppContext, p: Principal, id: string) {
  const { imp } = await load(ctx, p.orgId, id);
  assertCanWrite(p);
  if (imp.taskId) await ctx.queue.cancel(imp.taskId);
  await ctx.db.delete(imports).where(and(eq(imports.organizationId, p.orgId), eq(imports.id, id)));
  if (imp.datasetId) await deleteDataset(ctx, p.orgId, imp.datasetId);
}

/** The dataset holding an import's rows (joins read it natively), or undefined for older imports. */
export async function importDataset(ctx: DatasetCtx, orgId: string, importId: string) {
  const imp = await importIn(ctx, orgId, importId);
  return imp?.datasetId ? findDataset(ctx.db, orgId, imp.datasetId) : undefined;
}

/** Where an import's rows are (for views of them such as workbook tabs): its dataset and profile. */
export async function importTabSource(ctx: AppContext, p: Principal, id: string) {
  const { imp } = await load(ctx, p.orgId, id);
  return { name: imp.name, datasetId: imp.datasetId, columns: (imp.columns as TImport['columns']) ?? null };
}

/**
 * The import parsers for other modules (the uploaded-file connector): format by name, then the
 * same encoding / delimiter / header detection and streaming parse an import uses.
 */
export {
  formatOf,
  type ImportFormat,
  listSheets,
  type ParsedItem,
  parseFile,
  UnreadableFileError,
} from './parsers/index.ts';
