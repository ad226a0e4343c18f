import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { TGridColumn, TGridPage, TGridQuery, TWorkbookTab } from '@mapwright/contracts';
import { type JsonSchema, listTargetFields } from '@mapwright/engine';
import { stringify } from 'csv-stringify';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AppContext, Principal } from '../../context.ts';
import { workbooks } from '../../db/schema.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import {
  type CellType,
  cellEditLog,
  cellOverlay,
  cellProblem,
  type DatasetRow,
  eachGridChunk,
  findDataset,
  type GridColumn,
  gridPage,
  inertText,
  recordCellEdits,
  undoLastCellEdit,
} from '../datasets/datasets.service.ts';
import { importTabSource } from '../imports/imports.service.ts';
import { findResult } from '../pipelines/results.service.ts';
import { findWorkbook, memberName, touch } from './workbooks.service.ts';

/**
 * Dataset tabs: any dataset of the datasets module, shown as a typed grid. A tab stores only the
 * dataset id and where it came from; the columns and their types are worked out on each read
 * from that source (an import's profile, a result's target schema, else the dataset's columns).
 */

const SIMPLE: Record<string, CellType> = {
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  date: 'date',
  object: 'json',
  array: 'json',
};

/** The dataset id and a title for a source the caller can see. */
async function resolveSource(ctx: AppContext, p: Principal, source: string, id: string) {
  if (source === 'import') {
    const imp = await importTabSource(ctx, p, id);
    if (!imp.datasetId)
      throw new FieldError(['body', 'id'], 'the import has no stored rows yet (it has not finished)');
    return { datasetId: imp.datasetId, title: imp.name };
  }
  if (source === 'result') {
    const { r } = await findResult(ctx, p.orgId, id);
    if (!r.datasetId) throw new FieldError(['body', 'id'], 'the run has no stored records yet');
    return { datasetId: r.datasetId, title: `Run ${r.id.slice(0, 8)} results` };
  }
  // any other dataset (joined data, entity-resolution output…) by its id
  const ds = await findDataset(ctx.db, p.orgId, id);
  if (!ds) throw notFound('Dataset not found');
  return { datasetId: ds.id, title: `${ds.kind} ${ds.id.slice(0, 8)}` };
}

export async function addTab(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  input: { source: string; id: string; title?: string },
) {
  assertCanWrite(p);
  const { w } = await findWorkbook(ctx, p.orgId, workbookId);
  const src = await resolveSource(ctx, p, input.source, input.id);
  const tab: TWorkbookTab = {
    id: randomUUID().slice(0, 8),
    title: input.title ?? src.title,
    dataset_id: src.datasetId,
    source: { kind: input.source, id: input.id },
  };
  await ctx.db
    .update(workbooks)
    .set({ tabs: [...w.tabs, tab], updatedAt: new Date() })
    .where(eq(workbooks.id, w.id));
  return tab;
}

export async function removeTab(ctx: AppContext, p: Principal, workbookId: string, tabId: string) {
  assertCanWrite(p);
  const { w } = await findWorkbook(ctx, p.orgId, workbookId);
  const tabs = (w.tabs as TWorkbookTab[]).filter((t) => t.id !== tabId);
  if (tabs.length === w.tabs.length) throw notFound('Tab not found');
  await ctx.db.update(workbooks).set({ tabs, updatedAt: new Date() }).where(eq(workbooks.id, w.id));
}

/** The columns of a tab with their types, from the tab's source. */
async function columnsOf(
  ctx: AppContext,
  p: Principal,
  tab: TWorkbookTab,
  ds: DatasetRow,
): Promise<GridColumn[]> {
  if (tab.source.kind === 'result' && ds.layout === 'json') {
    const { r } = await findResult(ctx, p.orgId, tab.source.id);
    const fields = listTargetFields(r.targetSchema as JsonSchema).filter((f) => !f.inArray);
    return fields.map((f) => ({
      name: f.path,
      type: f.isArray
        ? 'json'
        : f.format === 'date'
          ? 'date'
          : (SIMPLE[f.types.find((t) => t !== 'null') ?? ''] ?? 'string'),
      nullable: f.types.includes('null') || !f.required,
      enum: f.enum ? f.enum.map(String) : null,
      from: { json: 'mapped_record', path: f.path.split('.') },
    }));
  }
  const profile =
    tab.source.kind === 'import' ? ((await importTabSource(ctx, p, tab.source.id)).columns ?? []) : [];
  const typeOf = (name: string) => {
    const c = profile.find((x) => x.name === name || x.path === name);
    return {
      type: (c && SIMPLE[c.format === 'date' ? 'date' : c.type]) ?? 'string',
      nullable: c ? c.null_rate > 0 : true,
    };
  };
  if (ds.layout === 'columns')
    return ds.columns.map((c) => ({ name: c.name, ...typeOf(c.name), enum: null, from: { column: c.name } }));
  if (ds.layout === 'records')
    return profile.map((c) => ({
      name: c.path,
      ...typeOf(c.path),
      enum: null,
      from: { json: 'record', path: c.path.split('.') },
    }));
  // a dataset of another layout: its own columns, as text
  return ds.columns.map((c) => ({
    name: c.name,
    type:
      c.type === 'JSON'
        ? 'json'
        : c.type === 'BOOLEAN'
          ? 'boolean'
          : c.type === 'BIGINT'
            ? 'integer'
            : 'string',
    nullable: true,
    enum: null,
    from: { column: c.name },
  }));
}

const publicColumn = (c: GridColumn): TGridColumn => ({
  name: c.name,
  type: c.type,
  nullable: c.nullable,
  enum: c.enum,
  editable: true,
});

/** A tab's dataset and columns; `orgId` scopes it (members and share links alike). */
export async function tabOf(ctx: AppContext, p: Principal, workbookId: string, tabId: string) {
  const { w } = await findWorkbook(ctx, p.orgId, workbookId);
  const tab = (w.tabs as TWorkbookTab[]).find((t) => t.id === tabId);
  if (!tab) throw notFound('Tab not found');
  const ds = await findDataset(ctx.db, p.orgId, tab.dataset_id);
  if (!ds) throw new AppError(410, 'The data of this tab has been deleted');
  return { w, tab, ds, columns: await columnsOf(ctx, p, tab, ds) };
}

const gridQuery = (q: Partial<TGridQuery>) => ({
  sort: q.sort,
  dir: q.dir,
  filterColumn: q.filter_column,
  filter: q.filter,
});

export async function tabPage(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  tabId: string,
  q: TGridQuery,
): Promise<TGridPage> {
  const { ds, columns } = await tabOf(ctx, p, workbookId, tabId);
  const page = await gridPage(ctx, ds, columns, await cellOverlay(ctx.db, ds), {
    offset: q.offset,
    limit: q.limit,
    ...gridQuery(q),
  });
  return { columns: columns.map(publicColumn), total: page.total, offset: q.offset, rows: page.rows };
}

/**
 * Edits cells (one user action: a typed value, a paste, a fill down): every value is checked
 * against its column's type first, and one bad value refuses the whole batch with its reason.
 */
export async function editCells(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  tabId: string,
  edits: { row: number; column: string; value: string | null }[],
) {
  assertCanWrite(p);
  const { ds, columns } = await tabOf(ctx, p, workbookId, tabId);
  edits.forEach((e, i) => {
    const col = columns.find((c) => c.name === e.column);
    if (!col)
      throw new FieldError(['body', 'edits', i, 'column'], `"${e.column}" is not a column of this tab`);
    if (e.row >= ds.rowCount)
      throw new FieldError(
        ['body', 'edits', i, 'row'],
        `the tab has ${ds.rowCount} rows: row must be below ${ds.rowCount}`,
      );
    const problem = cellProblem(col, e.value);
    if (problem) throw new FieldError(['body', 'edits', i, 'value'], problem);
  });
  // the old values as the grid shows them now (edits included), for the log
  const overlay = await cellOverlay(ctx.db, ds);
  const olds = new Map<number, (string | null)[]>();
  const rows = [...new Set(edits.map((e) => e.row))].sort((a, b) => a - b);
  // a paste or fill down touches neighbouring rows: one read of their span, else row by row
  const spans =
    rows[rows.length - 1]! - rows[0]! < OLD_VALUES_SPAN
      ? [[rows[0]!, rows[rows.length - 1]!]]
      : rows.map((r) => [r, r]);
  for (const [from, to] of spans) {
    const page = await gridPage(ctx, ds, columns, overlay, { offset: from!, limit: to! - from! + 1 });
    for (const r of page.rows) olds.set(r.index, r.cells);
  }
  const batch = await recordCellEdits(
    ctx.db,
    ds,
    await memberName(ctx, p),
    edits.map((e) => ({
      ...e,
      old: olds.get(e.row)?.[columns.findIndex((c) => c.name === e.column)] ?? null,
    })),
  );
  await touch(ctx, workbookId);
  return { batch_id: batch, edited: edits.length };
}

export async function undoEdit(ctx: AppContext, p: Principal, workbookId: string, tabId: string) {
  assertCanWrite(p);
  const { ds } = await tabOf(ctx, p, workbookId, tabId);
  const undone = await undoLastCellEdit(ctx.db, ds);
  if (!undone) throw new AppError(409, 'There is no edit to undo on this tab');
  return { undone: undone.length };
}

export async function editLog(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  tabId: string,
  cell?: { row: number; column: string },
) {
  const { ds } = await tabOf(ctx, p, workbookId, tabId);
  const rows = await cellEditLog(ctx.db, ds, cell);
  return {
    items: rows.map((r) => ({
      id: r.id,
      batch_id: r.batchId,
      row: r.rowIndex,
      column: r.column,
      old_value: r.oldValue,
      new_value: r.newValue,
      edited_by: r.editedBy,
      created_at: r.createdAt.toISOString(),
      undone: r.undoneAt !== null,
    })),
  };
}

/** Up to this many rows apart, the old values of a batch are read in one range. */
const OLD_VALUES_SPAN = 10_000;

/** Numbers go to XLSX as numbers (as the grid types them); text is made inert like every download. */
const xlsxCell = (col: GridColumn, v: string | null) =>
  v === null
    ? null
    : (col.type === 'number' || col.type === 'integer') && Number.isFinite(Number(v)) && v.trim() !== ''
      ? Number(v)
      : inertText(v);

/** The tab as the grid shows it (edits, sort and filter applied), as CSV or XLSX, streamed. */
export async function exportTab(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  tabId: string,
  format: 'csv' | 'xlsx',
  q: Partial<TGridQuery>,
  out: Writable,
) {
  const { ds, columns } = await tabOf(ctx, p, workbookId, tabId);
  const overlay = await cellOverlay(ctx.db, ds);
  if (format === 'csv') {
    const csv = stringify();
    csv.pipe(out);
    csv.write(columns.map((c) => inertText(c.name)));
    await eachGridChunk(ctx, ds, columns, overlay, gridQuery(q), async (rows) => {
      let full = false;
      for (const r of rows) full = !csv.write(r.cells.map((v) => (v === null ? null : inertText(v)))) || full;
      if (full) await new Promise((res) => csv.once('drain', res));
    });
    csv.end();
    return;
  }
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('Tab');
  sheet.addRow(columns.map((c) => inertText(c.name))).commit();
  await eachGridChunk(ctx, ds, columns, overlay, gridQuery(q), async (rows) => {
    for (const r of rows) sheet.addRow(r.cells.map((v, i) => xlsxCell(columns[i]!, v))).commit();
  });
  sheet.commit();
  await book.commit();
}
