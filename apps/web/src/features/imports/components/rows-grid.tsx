import type { TImportColumn } from '@mapwright/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  type TVirtualGridColumn,
  useVirtualGrid,
  VirtualGrid,
} from '../../../components/ui/virtual-grid.tsx';
import { importRowsQueryOptions, ROWS_PAGE_SIZE, type TImportRow } from '../api/import-rows.ts';
import { cellText } from './format.ts';

/** Reads a column's value: flat keys first, then dotted paths into nested records. */
export function valueAt(record: Record<string, unknown>, path: string): unknown {
  if (path in record) return record[path];
  let cur: unknown = record;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/**
 * The dataset's rows, virtualized: only the visible rows are in the DOM, and only the server
 * pages (ROWS_PAGE_SIZE rows each) under the viewport are fetched, as the user scrolls.
 */
export function RowsGrid({
  importId,
  columns,
  rowCount,
}: {
  importId: string;
  columns: TImportColumn[];
  rowCount: number;
}) {
  const grid = useVirtualGrid({ rowCount, pageSize: ROWS_PAGE_SIZE });
  const results = useQueries({ queries: grid.pages.map((p) => importRowsQueryOptions(importId, p)) });
  const gridColumns = useMemo(
    (): TVirtualGridColumn<TImportRow>[] => [
      { id: '__line', header: 'Line', dimmed: true, cell: (r) => String(r.line) },
      ...columns.map((col) => ({
        id: col.path,
        header: col.name,
        cell: (r: TImportRow) => cellText(valueAt(r.record, col.path)),
      })),
    ],
    [columns],
  );
  const failed = results.find((r) => r.isError);

  return (
    <VirtualGrid
      grid={grid}
      pageRows={results.map((r) => r.data?.items)}
      columns={gridColumns}
      label={`Preview of ${rowCount.toLocaleString()} rows`}
      height="min(480px, 60vh)"
      summary={`${rowCount.toLocaleString()} rows · loaded ${ROWS_PAGE_SIZE} at a time as you scroll`}
      loadError={failed?.error ? `Some rows could not be loaded: ${failed.error.message}` : undefined}
    />
  );
}
