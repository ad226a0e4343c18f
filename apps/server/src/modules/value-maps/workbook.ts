/**
 * Value tables in a workbook (the Excel value-mapper): each sheet is one table, its first row
 * the headers, then source value | target value rows. A sheet named after a target field (or a
 * third "field" column) says which field a pair is for. Read and written with exceljs.
 */
import ExcelJS from 'exceljs';
import { FieldError } from '../../lib/errors.ts';

export interface ValueTable {
  sheet: string;
  /** the target field the pairs are for: a `field` column's value, else the sheet name */
  field: string;
  pairs: { source: string; target: string }[];
}

const MAX_PAIRS = 50_000;
const text = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '');
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v).trim();
};

export async function readValueTables(bytes: Buffer): Promise<ValueTable[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch (err) {
    throw new FieldError(['body', 'file'], `not an Excel workbook (.xlsx): ${(err as Error).message}`);
  }
  const tables: ValueTable[] = [];
  let total = 0;
  for (const ws of wb.worksheets) {
    const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((v) => text(v).toLowerCase());
    const fieldCol = header.indexOf('field') + 1;
    const byField = new Map<string, ValueTable>();
    ws.eachRow((row, n) => {
      if (n === 1) return;
      const source = text(row.getCell(1).value);
      const target = text(row.getCell(2).value);
      if (!source) return;
      if (++total > MAX_PAIRS) throw new FieldError(['body', 'file'], `more than ${MAX_PAIRS} value pairs`);
      const field = (fieldCol > 0 && text(row.getCell(fieldCol).value)) || ws.name;
      const t = byField.get(field) ?? { sheet: ws.name, field, pairs: [] };
      t.pairs.push({ source, target });
      byField.set(field, t);
    });
    tables.push(...byField.values());
  }
  if (tables.length === 0)
    throw new FieldError(
      ['body', 'file'],
      'no value pairs: put source values in column A and targets in B, under a header row',
    );
  return tables;
}

export async function writeValueTable(
  field: string,
  rows: { source: string; target: string | null; count?: number }[],
) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(field.replace(/[*?:\\/[\]]/g, '_').slice(0, 31) || 'values');
  ws.addRow(['source value', 'target value', 'field', 'records']);
  ws.getRow(1).font = { bold: true };
  // a leading = + - @ would be read as a formula by spreadsheet programs
  const safe = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
  for (const r of rows)
    ws.addRow([safe(r.source), r.target === null ? '' : safe(r.target), field, r.count ?? null]);
  ws.columns.forEach((c) => {
    c.width = 28;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
