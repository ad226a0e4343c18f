import { Box, Group, Skeleton, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef } from 'react';
import classes from './virtual-grid.module.css';

const ROW_HEIGHT = 34;
const OVERSCAN = 12;

export interface TVirtualGridColumn<T> {
  id: string;
  header: string;
  /** The cell of a loaded row; `index` is the row's position in the grid, from 0. */
  cell: (row: T, index: number) => ReactNode;
  /** Secondary text, such as a line number. */
  dimmed?: boolean;
  /** Why this cell of the row is invalid, or null: an invalid cell is red, with the reason as its tooltip. */
  error?: (row: T) => string | null;
}

/**
 * Virtualizes `rowCount` rows and tells which server pages (`pageSize` rows each, numbered from 1)
 * are under the viewport: fetch those pages and hand their rows to `<VirtualGrid>`.
 */
export function useVirtualGrid({ rowCount, pageSize }: { rowCount: number; pageSize: number }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const pages = useMemo(() => {
    const set = new Set<number>();
    for (const it of items) set.add(Math.floor(it.index / pageSize) + 1);
    if (set.size === 0 && rowCount > 0) set.add(1);
    return [...set].sort((a, b) => a - b);
  }, [items, rowCount, pageSize]);
  return { scrollRef, virtualizer, pageSize, pages };
}

export type TVirtualGrid = ReturnType<typeof useVirtualGrid>;

/**
 * A large set of records as a table in a focusable scroll box: only the visible rows are in the DOM,
 * the header stays on top, rows still loading show skeletons. Under it, a summary line and, when some
 * page failed to load, an alert.
 */
export function VirtualGrid<T>({
  grid,
  pageRows,
  columns,
  label,
  height,
  className,
  summary,
  loadError,
}: {
  grid: TVirtualGrid;
  /** The rows of each page in `grid.pages`, in that order; undefined while a page loads. */
  pageRows: readonly (readonly T[] | undefined)[];
  columns: readonly TVirtualGridColumn<T>[];
  /** The accessible name of the scroll box. */
  label: string;
  /** The scroll box's CSS height. */
  height: string;
  /** Extra class of the scroll box. */
  className?: string;
  summary: ReactNode;
  loadError?: string;
}) {
  const { virtualizer, pageSize } = grid;
  const items = virtualizer.getVirtualItems();
  const byPage = new Map(grid.pages.map((p, i) => [p, pageRows[i]]));
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <Box>
      <Box
        ref={grid.scrollRef}
        tabIndex={0}
        role="region"
        aria-label={label}
        className={className ? `${classes.scroller} ${className}` : classes.scroller}
        style={{ height }}
      >
        <table className={classes.table}>
          <thead>
            <tr>
              {columns.map((col) => (
                <th key={col.id} scope="col" className={classes.th}>
                  {col.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden>
                <td colSpan={columns.length} className={classes.spacer} style={{ height: paddingTop }} />
              </tr>
            )}
            {items.map((vi) => {
              const row = byPage.get(Math.floor(vi.index / pageSize) + 1)?.[vi.index % pageSize];
              return (
                <tr key={vi.key} style={{ height: ROW_HEIGHT }} data-index={vi.index}>
                  {columns.map((col) => {
                    const error = row !== undefined && col.error ? col.error(row) : null;
                    return (
                      <td
                        key={col.id}
                        className={classes.td}
                        title={error ?? undefined}
                        data-invalid={error ? 'true' : undefined}
                        data-dimmed={col.dimmed || undefined}
                      >
                        {row === undefined ? <Skeleton height={12} width="70%" /> : col.cell(row, vi.index)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden>
                <td colSpan={columns.length} className={classes.spacer} style={{ height: paddingBottom }} />
              </tr>
            )}
          </tbody>
        </table>
      </Box>
      <Group justify="space-between" mt={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {summary}
        </Text>
        {loadError && (
          <Text size="xs" c="red.8" role="alert">
            {loadError}
          </Text>
        )}
      </Group>
    </Box>
  );
}
