import { Box, Group, Skeleton, Text } from '@mantine/core';
import type { TImportColumn } from '@mapwright/contracts';
import { useQueries } from '@tanstack/react-query';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { importRowsQueryOptions, ROWS_PAGE_SIZE, type TImportRow } from '../api/import-rows.ts';
import { cellText } from './format.ts';

const ROW_HEIGHT = 34;
const features = tableFeatures({});
interface TGridRow {
  index: number;
  row: TImportRow | undefined;
}
const helper = createColumnHelper<typeof features, TGridRow>();

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
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const pages = useMemo(() => {
    const set = new Set<number>();
    for (const it of items) set.add(Math.floor(it.index / ROWS_PAGE_SIZE) + 1);
    if (set.size === 0 && rowCount > 0) set.add(1);
    return [...set].sort((a, b) => a - b);
  }, [items, rowCount]);
  const results = useQueries({ queries: pages.map((p) => importRowsQueryOptions(importId, p)) });
  const byPage = new Map(pages.map((p, i) => [p, results[i]?.data?.items]));

  const data: TGridRow[] = items.map((it) => {
    const page = Math.floor(it.index / ROWS_PAGE_SIZE) + 1;
    return { index: it.index, row: byPage.get(page)?.[it.index % ROWS_PAGE_SIZE] };
  });
  const columnDefs = useMemo(
    () => [
      helper.accessor((r): unknown => r.row?.line, {
        id: '__line',
        header: 'Line',
        cell: (c) => (c.getValue() === undefined ? null : String(c.getValue())),
      }),
      ...columns.map((col) =>
        helper.accessor((r): unknown => (r.row ? valueAt(r.row.record, col.path) : undefined), {
          id: col.path,
          header: col.name,
          cell: (c) => cellText(c.getValue()),
        }),
      ),
    ],
    [columns],
  );
  const table = useTable({ features, columns: columnDefs, data });
  const rows = table.getRowModel().rows;
  const failed = results.find((r) => r.isError);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const colSpan = columnDefs.length;

  return (
    <Box>
      <Box
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`Preview of ${rowCount.toLocaleString()} rows`}
        style={{
          height: 'min(480px, 60vh)',
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
        }}
      >
        <table
          style={{
            borderCollapse: 'separate',
            borderSpacing: 0,
            width: 'max-content',
            minWidth: '100%',
            fontSize: 13,
          }}
        >
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => (
                  <th
                    key={h.id}
                    scope="col"
                    style={{
                      position: 'sticky',
                      top: 0,
                      zIndex: 1,
                      background: 'var(--mantine-color-gray-1)',
                      textAlign: 'left',
                      padding: '6px 10px',
                      borderBottom: '1px solid var(--mantine-color-default-border)',
                      whiteSpace: 'nowrap',
                      fontWeight: 600,
                    }}
                  >
                    <FlexRender header={h} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden>
                <td colSpan={colSpan} style={{ height: paddingTop, padding: 0 }} />
              </tr>
            )}
            {rows.map((row, i) => {
              const vi = items[i];
              return (
                <tr key={vi?.key ?? row.id} style={{ height: ROW_HEIGHT }} data-index={vi?.index}>
                  {row.getAllCells().map((cell) => (
                    <td
                      key={cell.id}
                      style={{
                        padding: '4px 10px',
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                        whiteSpace: 'nowrap',
                        maxWidth: 320,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        color: cell.column.id === '__line' ? 'var(--mantine-color-dimmed)' : undefined,
                      }}
                    >
                      {row.original.row ? <FlexRender cell={cell} /> : <Skeleton height={12} width="70%" />}
                    </td>
                  ))}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden>
                <td colSpan={colSpan} style={{ height: paddingBottom, padding: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
      </Box>
      <Group justify="space-between" mt={6}>
        <Text size="xs" c="dimmed">
          {rowCount.toLocaleString()} rows · loaded {ROWS_PAGE_SIZE} at a time as you scroll
        </Text>
        {failed?.error && (
          <Text size="xs" c="red.8" role="alert">
            Some rows could not be loaded: {failed.error.message}
          </Text>
        )}
      </Group>
    </Box>
  );
}
