import {
  ActionIcon,
  Group,
  NumberInput,
  Paper,
  Progress,
  SegmentedControl,
  Skeleton,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TMapping } from '@mapwright/contracts';
import {
  IconAlertTriangle,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconSearch,
  IconX,
} from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef } from 'react';
import { JOB_DATA_PAGE, jobDataQueryOptions } from '../api/job-data.ts';
import { MAPPINGS_PAGE, mappingsQueryOptions } from '../api/mappings.ts';
import { useRecordSearch } from '../hooks/use-record-search.ts';
import { recordErrors } from '../lib/field-rows.ts';
import { formatCount, plural } from '../lib/format.ts';
import { recordLabel } from '../lib/source-tree.ts';
import classes from './workshop.module.css';

const ROW = 34;
export type TNavMode = 'all' | 'failing';
interface TNavRow {
  index: number;
  source: unknown;
  errors: number | null;
}

/** Which record sits at each list position, and the rows of the positions on screen. */
function useRows(input: {
  mode: TNavMode;
  positions: number[];
  matches: number[] | null;
  resultId: string | null;
  jobId: string;
}) {
  const { mode, positions, matches, resultId, jobId } = input;
  const failing = mode === 'failing' && resultId !== null && matches === null;
  // the record index at a position: search hits and failing records are lists of indices
  const pages = useMemo(() => {
    const set = new Set<number>();
    for (const p of positions) {
      if (failing) set.add(Math.floor(p / MAPPINGS_PAGE) + 1);
      else {
        const index = matches ? matches[p] : p;
        if (index !== undefined) set.add(Math.floor(index / (resultId ? MAPPINGS_PAGE : JOB_DATA_PAGE)) + 1);
      }
    }
    return [...set].sort((a, b) => a - b);
  }, [positions, failing, matches, resultId]);
  const results = useQueries({
    queries: pages.map((page) =>
      resultId
        ? mappingsQueryOptions(resultId, page, MAPPINGS_PAGE, failing)
        : { ...jobDataQueryOptions(jobId, page), select: undefined },
    ),
  });
  const byPage = new Map(pages.map((p, i) => [p, results[i]?.data?.items]));
  return (position: number): TNavRow | undefined => {
    if (failing) {
      const m = byPage.get(Math.floor(position / MAPPINGS_PAGE) + 1)?.[position % MAPPINGS_PAGE] as
        | TMapping
        | undefined;
      return m && { index: m.index, source: m.source_record, errors: recordErrors(m.message).size };
    }
    const index = matches ? matches[position] : position;
    if (index === undefined) return undefined;
    const size = resultId ? MAPPINGS_PAGE : JOB_DATA_PAGE;
    const item = byPage.get(Math.floor(index / size) + 1)?.[index % size];
    if (item === undefined) return undefined;
    if (!resultId) return { index, source: item, errors: null };
    const m = item as TMapping;
    return { index, source: m.source_record, errors: recordErrors(m.message).size };
  };
}

/**
 * The job's records: prev/next and a number to jump to, a search over every value, all or only
 * failing records; virtualized, so 10,000 records scroll as smoothly as 10. Pages are fetched
 * as they scroll into view.
 */
export function RecordNavigator({
  total,
  selected,
  resultId,
  jobId,
  failingTotal,
  mode,
  onMode,
  search,
  onSearch,
  onSelect,
  onStep,
}: {
  total: number;
  selected: number;
  /** the finished result on screen (null before the first run ends) */
  resultId: string | null;
  jobId: string;
  failingTotal: number;
  mode: TNavMode;
  onMode: (m: TNavMode) => void;
  search: string;
  onSearch: (text: string) => void;
  onSelect: (index: number) => void;
  onStep: (delta: number) => void;
}) {
  const [debounced] = useDebouncedValue(search, 300);
  const found = useRecordSearch({ text: debounced, total, resultId, jobId });
  const searching = debounced.trim() !== '';
  const matches = searching ? found.matches : null;
  const failingMode = mode === 'failing' && resultId !== null && !searching;
  const count = matches ? matches.length : failingMode ? failingTotal : total;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const rowAt = useRows({
    mode: failingMode ? 'failing' : 'all',
    positions: items.map((i) => i.index),
    matches,
    resultId,
    jobId,
  });
  // keep the selected record in view when it changes from the keyboard (plain list only)
  useEffect(() => {
    if (!matches && !failingMode && selected < count) virtualizer.scrollToIndex(selected, { align: 'auto' });
  }, [selected, matches, failingMode, count, virtualizer]);

  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" mb={8} wrap="nowrap">
        <Text fw={600} size="sm">
          Source records
        </Text>
        <Text size="xs" c="dimmed">
          {plural(total, 'record')}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap" mb={8}>
        <Tooltip label="Previous record (k or ←)" withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => onStep(-1)}
            disabled={selected <= 0}
            aria-label="Previous record"
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
        </Tooltip>
        <NumberInput
          size="sm"
          value={total ? selected + 1 : 0}
          min={1}
          max={Math.max(total, 1)}
          onChange={(v) => typeof v === 'number' && v >= 1 && v <= total && onSelect(v - 1)}
          aria-label="Record number"
          hideControls
          allowDecimal={false}
          w={80}
          thousandSeparator=","
        />
        <Text size="sm" c="dimmed" style={{ flex: 1, whiteSpace: 'nowrap' }}>
          of {formatCount(total)}
        </Text>
        <Tooltip label="Next record (j or →)" withArrow>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={() => onStep(1)}
            disabled={selected >= total - 1}
            aria-label="Next record"
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TextInput
        size="sm"
        placeholder="Search values…"
        aria-label="Search records"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Escape' && onSearch('')}
        rightSection={
          search ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              onClick={() => onSearch('')}
              aria-label="Clear the search"
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
        mb={8}
      />
      {searching ? (
        <SearchStatus found={found} total={total} />
      ) : (
        <SegmentedControl
          size="xs"
          fullWidth
          mb={8}
          value={failingMode ? 'failing' : 'all'}
          onChange={(v) => onMode(v as TNavMode)}
          disabled={resultId === null}
          data={[
            { value: 'all', label: `All ${formatCount(total)}` },
            { value: 'failing', label: `Failing ${formatCount(failingTotal)}` },
          ]}
          aria-label="Which records to list"
        />
      )}
      <div ref={scrollRef} className={classes.navList}>
        {count === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="lg">
            {searching
              ? found.done
                ? 'No record contains this text.'
                : 'Searching…'
              : 'No records to show.'}
          </Text>
        ) : (
          <ul
            aria-label="Records"
            style={{
              height: virtualizer.getTotalSize(),
              position: 'relative',
              margin: 0,
              padding: 0,
              listStyle: 'none',
            }}
          >
            {items.map((it) => {
              const row = rowAt(it.index);
              return (
                <li
                  key={it.key}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: ROW,
                    transform: `translateY(${it.start}px)`,
                  }}
                >
                  {row ? (
                    <NavRow row={row} selected={row.index === selected} onSelect={onSelect} />
                  ) : (
                    <Skeleton height={ROW - 8} my={4} radius="sm" />
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Paper>
  );
}

function NavRow({
  row,
  selected,
  onSelect,
}: {
  row: TNavRow;
  selected: boolean;
  onSelect: (i: number) => void;
}) {
  const label = recordLabel(row.source) || 'Record';
  // the name is the visible text plus the status the icon shows
  const status = row.errors === null ? '' : row.errors === 0 ? 'valid' : plural(row.errors, 'error');
  return (
    <UnstyledButton
      className={`${classes.navRow} ${selected ? classes.navRowSelected : ''}`}
      style={{ height: ROW }}
      onClick={() => onSelect(row.index)}
      aria-current={selected ? 'true' : undefined}
    >
      <Text
        span
        size="xs"
        c={selected ? undefined : 'dimmed'}
        ff="monospace"
        w={44}
        style={{ flexShrink: 0 }}
      >
        #{formatCount(row.index + 1)}
      </Text>
      <Text span size="sm" truncate style={{ flex: 1, minWidth: 0 }} fw={selected ? 600 : 400}>
        {label}
      </Text>
      {status && <VisuallyHidden>, {status}</VisuallyHidden>}
      {row.errors === null ? null : row.errors === 0 ? (
        <IconCircleCheck size={15} color="var(--mantine-color-green-7)" aria-hidden />
      ) : (
        <Group gap={2} wrap="nowrap" c="red.9" aria-hidden>
          <IconAlertTriangle size={14} />
          <Text span size="xs" fw={600}>
            {row.errors}
          </Text>
        </Group>
      )}
    </UnstyledButton>
  );
}

function SearchStatus({ found, total }: { found: ReturnType<typeof useRecordSearch>; total: number }) {
  if (found.error)
    return (
      <Text size="xs" c="red.9" mb={8} role="alert">
        The search stopped: {found.error.message}
      </Text>
    );
  return (
    <div aria-live="polite">
      <Text size="xs" c="dimmed" mb={4}>
        {found.done
          ? `${plural(found.matches.length, 'record')} found`
          : `Searching… ${formatCount(found.scanned)} of ${formatCount(total)} · ${formatCount(found.matches.length)} found`}
      </Text>
      {!found.done && (
        <Progress
          value={total ? (found.scanned / total) * 100 : 0}
          size="xs"
          mb={8}
          aria-label="Search progress"
        />
      )}
    </div>
  );
}
