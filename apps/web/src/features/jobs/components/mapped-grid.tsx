import { Badge, Box, Group, Skeleton, Text } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconTable } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import { useJobTargetSchema } from '../api/job-target-schema.ts';
import { resultMappingsQueryOptions } from '../api/result-mappings.ts';
import { cellText, formatCount } from '../lib/format.ts';
import { recordErrorsOf, type TMapping } from '../lib/messages.ts';
import { fieldInColumn } from '../lib/paths.ts';
import { isOpen } from '../lib/status.ts';

const ROW_HEIGHT = 34;
const PAGE = 200;
const features = tableFeatures({});
interface TGridRow {
  index: number;
  m: TMapping | undefined;
}
const helper = createColumnHelper<typeof features, TGridRow>();

/** Messages of the errors inside one column of a record, or null when the cell is valid. */
function cellErrors(m: TMapping, column: string): string | null {
  const errs = Object.entries(recordErrorsOf(m.message)).filter(([f]) => fieldInColumn(f, column));
  return errs.length ? errs.map(([, e]) => e.error_message).join('\n') : null;
}

/**
 * The run's mapped records, virtualized: only visible rows are in the DOM and only the server pages
 * under the viewport are fetched. Cells whose field failed validation are highlighted.
 */
export function MappedGrid({ run, jobId }: { run: TResult; jobId: string }) {
  const schema = useJobTargetSchema(jobId);
  const settled = !isOpen(run.status);
  const rowCount = run.processed;
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
    for (const it of items) set.add(Math.floor(it.index / PAGE) + 1);
    if (set.size === 0 && rowCount > 0) set.add(1);
    return [...set].sort((a, b) => a - b);
  }, [items, rowCount]);
  const results = useQueries({
    queries: pages.map((p) =>
      resultMappingsQueryOptions(run.id, { page: p, size: PAGE, onlyErrors: false }, settled),
    ),
  });
  const byPage = new Map(pages.map((p, i) => [p, results[i]?.data?.items]));
  const firstRecord = results[0]?.data?.items[0]?.mapped_record;

  const columns = useMemo(() => {
    const fromSchema = Object.keys(schema.data?.properties ?? {});
    if (fromSchema.length) return fromSchema;
    return firstRecord && typeof firstRecord === 'object' ? Object.keys(firstRecord) : [];
  }, [schema.data, firstRecord]);

  const data: TGridRow[] = items.map((it) => ({
    index: it.index,
    m: byPage.get(Math.floor(it.index / PAGE) + 1)?.[it.index % PAGE],
  }));
  const columnDefs = useMemo(
    () => [
      helper.display({ id: '__index', header: '#', cell: (c) => formatCount(c.row.original.index + 1) }),
      helper.display({
        id: '__status',
        header: 'Status',
        cell: (c) =>
          c.row.original.m?.message === 'success' ? (
            <Badge size="xs" color="green" variant="light">
              Valid
            </Badge>
          ) : (
            <Badge size="xs" color="red" variant="light">
              Invalid
            </Badge>
          ),
      }),
      ...columns.map((col) =>
        helper.accessor((r): unknown => (r.m?.mapped_record as Record<string, unknown> | undefined)?.[col], {
          id: col,
          header: col,
          cell: (c) => cellText(c.getValue()),
        }),
      ),
    ],
    [columns],
  );
  const table = useTable({ features, columns: columnDefs, data });
  const rows = table.getRowModel().rows;
  const failed = results.find((r) => r.isError);

  if (rowCount === 0)
    return (
      <EmptyBlock icon={<IconTable size={22} />} title="No mapped records yet">
        {isOpen(run.status)
          ? 'Records appear here as soon as the first batch is mapped.'
          : 'This run mapped no records.'}
      </EmptyBlock>
    );

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const colSpan = columnDefs.length;
  const cellStyle = {
    padding: '4px 10px',
    borderBottom: '1px solid var(--mantine-color-gray-2)',
    whiteSpace: 'nowrap',
    maxWidth: 320,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  } as const;

  return (
    <Box>
      <Box
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label={`Mapped data, ${formatCount(rowCount)} records`}
        style={{
          height: 'min(520px, 62vh)',
          overflow: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-body)',
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
              const m = row.original.m;
              return (
                <tr key={vi?.key ?? row.id} style={{ height: ROW_HEIGHT }} data-index={vi?.index}>
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.id.startsWith('__');
                    const error = m && !meta ? cellErrors(m, cell.column.id) : null;
                    return (
                      <td
                        key={cell.id}
                        title={error ?? undefined}
                        data-invalid={error ? 'true' : undefined}
                        style={{
                          ...cellStyle,
                          color:
                            cell.column.id === '__index'
                              ? 'var(--mantine-color-dimmed)'
                              : error
                                ? 'var(--mantine-color-red-9)'
                                : undefined,
                          background: error ? 'var(--mantine-color-red-0)' : undefined,
                          boxShadow: error ? 'inset 2px 0 0 var(--mantine-color-red-6)' : undefined,
                        }}
                      >
                        {!m ? (
                          <Skeleton height={12} width="70%" />
                        ) : error && cellText(cell.getValue()) === '' ? (
                          <i>missing</i>
                        ) : (
                          <FlexRender cell={cell} />
                        )}
                      </td>
                    );
                  })}
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
      <Group justify="space-between" mt={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          {formatCount(rowCount)} records · loaded {PAGE} at a time as you scroll · invalid cells are red;
          hover one for the reason
        </Text>
        {failed?.error && (
          <Text size="xs" c="red.8" role="alert">
            Some records could not be loaded: {failed.error.message}
          </Text>
        )}
      </Group>
    </Box>
  );
}
