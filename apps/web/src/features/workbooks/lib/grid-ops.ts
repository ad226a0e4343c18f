import type { TGridColumn } from '@mapwright/contracts';

/** Pure helpers of the grid's range operations (copy, paste, fill down), tested on their own. */
export interface TRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}
type TRow = { index: number; cells: (string | null)[] } | undefined;
type TEdit = { row: number; column: string; value: string | null };

export const clampRange = (a: { r: number; c: number }, b: { r: number; c: number }): TRange => ({
  top: Math.min(a.r, b.r),
  bottom: Math.max(a.r, b.r),
  left: Math.min(a.c, b.c),
  right: Math.max(a.c, b.c),
});

/** Tab-separated text, one line per row, as spreadsheets copy. Empty cells are empty. */
export function toTsv(rows: TRow[], range: TRange) {
  return rows
    .map((row) => {
      const out: string[] = [];
      for (let c = range.left; c <= range.right; c++)
        out.push((row?.cells[c] ?? '').replace(/[\t\n\r]/g, ' '));
      return out.join('\t');
    })
    .join('\n');
}

export function parseTsv(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  return lines.map((l) => l.split('\t'));
}

/** Pasting a block at the active cell: one edit per cell that lands inside the grid. */
export function pasteEdits(
  block: string[][],
  at: { r: number; c: number },
  columns: TGridColumn[],
  rowAt: (i: number) => TRow,
): TEdit[] {
  const edits: TEdit[] = [];
  block.forEach((line, dr) => {
    const row = rowAt(at.r + dr);
    if (!row) return;
    line.forEach((value, dc) => {
      const col = columns[at.c + dc];
      if (col) edits.push({ row: row.index, column: col.name, value: value === '' ? null : value });
    });
  });
  return edits;
}

/** The top row's values copied into every selected row below it, column by column. */
export function fillDownEdits(rows: TRow[], range: TRange, columns: TGridColumn[]): TEdit[] {
  const first = rows[0];
  if (!first) return [];
  const edits: TEdit[] = [];
  for (const row of rows.slice(1)) {
    if (!row) continue;
    for (let c = range.left; c <= range.right; c++)
      if (row.cells[c] !== first.cells[c])
        edits.push({ row: row.index, column: columns[c]!.name, value: first.cells[c] ?? null });
  }
  return edits;
}
