import { Badge } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconTable } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import {
  type TVirtualGridColumn,
  useVirtualGrid,
  VirtualGrid,
} from '../../../components/ui/virtual-grid.tsx';
import { useJobTargetSchema } from '../api/job-target-schema.ts';
import { resultMappingsQueryOptions } from '../api/result-mappings.ts';
import { cellText, formatCount } from '../lib/format.ts';
import { recordErrorsOf, type TMapping } from '../lib/messages.ts';
import { fieldInColumn } from '../lib/paths.ts';
import { isOpen } from '../lib/status.ts';
import classes from './mapped-grid.module.css';

const PAGE = 200;

/** Messages of the errors inside one column of a record, or null when the cell is valid. */
function cellErrors(m: TMapping, column: string): string | null {
  const errs = Object.entries(recordErrorsOf(m.message)).filter(([f]) => fieldInColumn(f, column));
  return errs.length ? errs.map(([, e]) => e.error_message).join('\n') : null;
}

const mappedValue = (m: TMapping, column: string): unknown =>
  (m.mapped_record as Record<string, unknown> | undefined)?.[column];

/**
 * The run's mapped records, virtualized: only visible rows are in the DOM and only the server pages
 * under the viewport are fetched. Cells whose field failed validation are highlighted.
 */
export function MappedGrid({ run, jobId }: { run: TResult; jobId: string }) {
  const schema = useJobTargetSchema(jobId);
  const settled = !isOpen(run.status);
  const rowCount = run.processed;
  const grid = useVirtualGrid({ rowCount, pageSize: PAGE });
  const results = useQueries({
    queries: grid.pages.map((p) =>
      resultMappingsQueryOptions(run.id, { page: p, size: PAGE, onlyErrors: false }, settled),
    ),
  });
  const firstRecord = results[0]?.data?.items[0]?.mapped_record;

  const columns = useMemo(() => {
    const fromSchema = Object.keys(schema.data?.properties ?? {});
    if (fromSchema.length) return fromSchema;
    return firstRecord && typeof firstRecord === 'object' ? Object.keys(firstRecord) : [];
  }, [schema.data, firstRecord]);

  const gridColumns = useMemo(
    (): TVirtualGridColumn<TMapping>[] => [
      { id: '__index', header: '#', dimmed: true, cell: (_, index) => formatCount(index + 1) },
      {
        id: '__status',
        header: 'Status',
        cell: (m) =>
          m.message === 'success' ? (
            <Badge size="xs" color="green" variant="light">
              Valid
            </Badge>
          ) : (
            <Badge size="xs" color="red" variant="light">
              Invalid
            </Badge>
          ),
      },
      ...columns.map(
        (col): TVirtualGridColumn<TMapping> => ({
          id: col,
          header: col,
          error: (m) => cellErrors(m, col),
          cell: (m) => {
            const text = cellText(mappedValue(m, col));
            return text === '' && cellErrors(m, col) ? <i>missing</i> : text;
          },
        }),
      ),
    ],
    [columns],
  );
  const failed = results.find((r) => r.isError);

  if (rowCount === 0)
    return (
      <EmptyBlock icon={<IconTable size={22} />} title="No mapped records yet">
        {isOpen(run.status)
          ? 'Records appear here as soon as the first batch is mapped.'
          : 'This run mapped no records.'}
      </EmptyBlock>
    );

  return (
    <VirtualGrid
      grid={grid}
      pageRows={results.map((r) => r.data?.items)}
      columns={gridColumns}
      label={`Mapped data, ${formatCount(rowCount)} records`}
      height="min(520px, 62vh)"
      className={classes.surface}
      summary={`${formatCount(rowCount)} records · loaded ${PAGE} at a time as you scroll · invalid cells are red; hover one for the reason`}
      loadError={failed?.error ? `Some records could not be loaded: ${failed.error.message}` : undefined}
    />
  );
}
