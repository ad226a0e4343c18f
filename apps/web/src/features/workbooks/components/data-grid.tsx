import { Alert, Button, Group, Select, Text, TextInput, Tooltip } from '@mantine/core';
import type { TGridColumn, TGridPage } from '@mapwright/contracts';
import { IconArrowBackUp, IconDownload, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import type { TGridView } from '../api/workbooks.ts';
import { clampRange, fillDownEdits, parseTsv, pasteEdits, type TRange, toTsv } from '../lib/grid-ops.ts';
import classes from './data-grid.module.css';

const ROW_H = 30;
const PAGE = 100;
const COL_W = 170;
/** Rows ahead of the viewport whose page is fetched before they are reached. */
const PREFETCH = 60;

export interface TDataGridProps {
  /** cache key of the tab's pages */
  cacheKey: readonly unknown[];
  label: string;
  fetchPage: (offset: number, limit: number, view: TGridView) => Promise<TGridPage>;
  /** absent: read-only */
  onEdit?: (edits: { row: number; column: string; value: string | null }[]) => Promise<unknown>;
  onUndo?: () => Promise<unknown>;
  /** downloads the tab as the grid shows it (edits, sort and filter) */
  onExport?: (view: TGridView, format: 'csv' | 'xlsx') => Promise<void>;
  height?: string;
}

/**
 * A dataset tab as a spreadsheet: rows are paged from the server as they scroll into view (only
 * visible rows are in the DOM), sort and filter run on the server, cells are typed by the
 * column's schema. Keyboard: arrows move (shift extends), Enter or typing edits, Escape cancels,
 * Delete empties, Ctrl+C / Ctrl+V copy and paste ranges as tab-separated text, Ctrl+D fills
 * down, Ctrl+Z undoes the last edit.
 */
export function DataGrid({
  cacheKey,
  label,
  fetchPage,
  onEdit,
  onUndo,
  onExport,
  height = '60vh',
}: TDataGridProps) {
  const qc = useQueryClient();
  const [view, setView] = useState<TGridView>({ dir: 'asc' });
  const [filterText, setFilterText] = useState('');
  const [active, setActive] = useState({ r: 0, c: 0 });
  const [anchor, setAnchor] = useState({ r: 0, c: 0 });
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [columns, setColumns] = useState<TGridColumn[]>([]);

  const virtualizer = useVirtualizer({
    count: total ?? 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_H,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const pages = useMemo(() => {
    const set = new Set<number>([0]);
    for (const it of items) set.add(Math.floor(it.index / PAGE));
    // the next page is fetched while the user is still reading this one, so scrolling on finds it loaded
    const last = items[items.length - 1]?.index;
    if (last !== undefined && last + PREFETCH < (total ?? 0)) set.add(Math.floor((last + PREFETCH) / PAGE));
    return [...set].sort((a, b) => a - b);
  }, [items, total]);
  const results = useQueries({
    queries: pages.map((p) => ({
      queryKey: [...cacheKey, 'rows', view, p],
      queryFn: async () => {
        const page = await fetchPage(p * PAGE, PAGE, view);
        setTotal(page.total);
        setColumns(page.columns);
        return page;
      },
      staleTime: 30_000,
    })),
  });
  const rowAt = (i: number) => {
    const at = pages.indexOf(Math.floor(i / PAGE));
    return results[at]?.data?.rows[i % PAGE];
  };
  const loadError = results.find((r) => r.isError)?.error;
  const count = total ?? 0;
  const range: TRange = clampRange(anchor, active);
  const editable = Boolean(onEdit) && !busy;

  const refresh = () => qc.invalidateQueries({ queryKey: [...cacheKey, 'rows'] });
  async function apply(edits: { row: number; column: string; value: string | null }[]) {
    if (!onEdit || edits.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      await onEdit(edits);
      await refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
      tableRef.current?.focus();
    }
  }
  async function undo() {
    if (!onUndo) return;
    setBusy(true);
    setError(null);
    try {
      await onUndo();
      await refresh();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  const moveTo = (r: number, c: number, extend: boolean) => {
    const next = { r: Math.max(0, Math.min(count - 1, r)), c: Math.max(0, Math.min(columns.length - 1, c)) };
    setActive(next);
    if (!extend) setAnchor(next);
    virtualizer.scrollToIndex(next.r);
  };
  const loadedRows = (from: number, to: number) => {
    const out = [];
    for (let i = from; i <= to; i++) out.push(rowAt(i));
    return out;
  };

  function onKeyDown(e: KeyboardEvent<HTMLTableElement>) {
    if (editing !== null || count === 0) return;
    const mod = e.ctrlKey || e.metaKey;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageDown: [10, 0],
      PageUp: [-10, 0],
    };
    const m = moves[e.key];
    if (m) {
      e.preventDefault();
      moveTo(active.r + m[0], active.c + m[1], e.shiftKey);
    } else if (e.key === 'Home') {
      e.preventDefault();
      moveTo(mod ? 0 : active.r, 0, e.shiftKey);
    } else if (e.key === 'End') {
      e.preventDefault();
      moveTo(mod ? count - 1 : active.r, columns.length - 1, e.shiftKey);
    } else if (mod && e.key.toLowerCase() === 'c') {
      e.preventDefault();
      void navigator.clipboard?.writeText(toTsv(loadedRows(range.top, range.bottom), range));
    } else if (mod && e.key.toLowerCase() === 'd' && editable) {
      e.preventDefault();
      void apply(fillDownEdits(loadedRows(range.top, range.bottom), range, columns));
    } else if (mod && e.key.toLowerCase() === 'z' && onUndo) {
      e.preventDefault();
      void undo();
    } else if ((e.key === 'Enter' || e.key === 'F2') && editable) {
      e.preventDefault();
      setEditing(rowAt(active.r)?.cells[active.c] ?? '');
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && editable) {
      e.preventDefault();
      const edits = [];
      for (let r = range.top; r <= range.bottom; r++) {
        const row = rowAt(r);
        if (row)
          for (let c = range.left; c <= range.right; c++)
            edits.push({ row: row.index, column: columns[c]!.name, value: null });
      }
      void apply(edits);
    } else if (e.key.length === 1 && !mod && editable) {
      setEditing(e.key);
      e.preventDefault();
    }
  }

  function commit(value: string) {
    const row = rowAt(active.r);
    setEditing(null);
    if (!row) return;
    const old = row.cells[active.c] ?? '';
    if (value !== old)
      void apply([{ row: row.index, column: columns[active.c]!.name, value: value === '' ? null : value }]);
    else tableRef.current?.focus();
  }

  const sortBy = (name: string) =>
    setView((v) => ({ ...v, sort: name, dir: v.sort === name && v.dir === 'asc' ? 'desc' : 'asc' }));
  const applyFilter = (text: string, column?: string | null) =>
    setView((v) => ({ ...v, filter: text.trim() || undefined, filter_column: column ?? undefined }));
  const activeId = (r: number, c: number) => `${label.replace(/\W/g, '')}-${r}-${c}`;

  return (
    <div>
      <Group gap="xs" mb="xs" wrap="wrap" align="flex-end">
        <TextInput
          size="xs"
          label="Filter rows"
          placeholder="Text a cell contains"
          value={filterText}
          onChange={(e) => setFilterText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && applyFilter(filterText, view.filter_column)}
          onBlur={() => applyFilter(filterText, view.filter_column)}
          w={220}
        />
        <Select
          size="xs"
          label="In column"
          placeholder="Any column"
          clearable
          data={columns.map((c) => c.name)}
          value={view.filter_column ?? null}
          onChange={(v) => applyFilter(filterText, v)}
          w={180}
        />
        {onUndo && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={undo}
            loading={busy}
          >
            Undo last edit
          </Button>
        )}
        {onExport &&
          (['csv', 'xlsx'] as const).map((f) => (
            <Button
              key={f}
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={() => onExport(view, f).catch((err: Error) => setError(err.message))}
            >
              Export {f.toUpperCase()}
            </Button>
          ))}
        <Text size="xs" c="dimmed" ml="auto">
          {total === null ? 'Loading rows…' : `${count.toLocaleString()} rows${view.filter ? ' match' : ''}`}
          {onEdit
            ? ' · Enter edits, Ctrl+C/V copy and paste, Ctrl+D fills down, Ctrl+Z undoes'
            : ' · read-only'}
        </Text>
      </Group>
      {error && (
        <Alert
          color="red"
          mb="xs"
          title="Edit refused"
          withCloseButton
          onClose={() => setError(null)}
          role="alert"
        >
          {error}
        </Alert>
      )}
      {loadError && (
        <Alert color="red" mb="xs" role="alert" title="Could not load rows">
          {(loadError as Error).message}
        </Alert>
      )}
      <div
        ref={scrollRef}
        className={classes.scroller}
        style={{ height: `min(${height}, ${(count + 1) * ROW_H + 48}px)` }}
      >
        <table
          className={classes.table}
          style={{ width: 64 + COL_W * columns.length }}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA APG data grid pattern on a table: one tab stop, arrows move the active cell
          role="grid"
          aria-label={label}
          aria-rowcount={count + 1}
          aria-colcount={columns.length + 1}
          aria-readonly={!onEdit}
          aria-multiselectable
          aria-activedescendant={count ? activeId(active.r, active.c) : undefined}
          tabIndex={0}
          ref={tableRef}
          onKeyDown={onKeyDown}
          onPaste={(e) => {
            if (!editable || editing !== null) return;
            e.preventDefault();
            const grid = parseTsv(e.clipboardData.getData('text/plain'));
            void apply(pasteEdits(grid, active, columns, (i) => rowAt(i)));
          }}
        >
          <colgroup>
            <col style={{ width: 64 }} />
            {columns.map((c) => (
              <col key={c.name} style={{ width: COL_W }} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th className={classes.rowhead} scope="col">
                #
              </th>
              {columns.map((c) => (
                <th
                  key={c.name}
                  scope="col"
                  className={classes.th}
                  aria-sort={
                    view.sort === c.name ? (view.dir === 'asc' ? 'ascending' : 'descending') : 'none'
                  }
                >
                  <Tooltip
                    label={`${c.type}${c.nullable ? ', may be empty' : ''}${c.enum ? `: ${c.enum.join(', ')}` : ''}`}
                  >
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="dark"
                      tabIndex={-1}
                      onClick={() => sortBy(c.name)}
                      rightSection={
                        view.sort === c.name ? (
                          view.dir === 'asc' ? (
                            <IconSortAscending size={12} />
                          ) : (
                            <IconSortDescending size={12} />
                          )
                        ) : null
                      }
                    >
                      {c.name}
                    </Button>
                  </Tooltip>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paddingTop > 0 && (
              <tr aria-hidden>
                <td style={{ height: paddingTop, padding: 0 }} colSpan={columns.length + 1} />
              </tr>
            )}
            {items.map((it) => {
              const row = rowAt(it.index);
              return (
                <tr key={it.key} aria-rowindex={it.index + 2} style={{ height: ROW_H }}>
                  <th scope="row" className={classes.rowhead}>
                    {row ? row.index + 1 : ''}
                  </th>
                  {columns.map((col, c) => {
                    const value = row?.cells[c] ?? null;
                    const isActive = active.r === it.index && active.c === c;
                    const selected =
                      it.index >= range.top &&
                      it.index <= range.bottom &&
                      c >= range.left &&
                      c <= range.right;
                    return (
                      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a cell of the grid above (gridcell), which supports aria-selected
                      <td
                        key={col.name}
                        id={activeId(it.index, c)}
                        aria-colindex={c + 2}
                        aria-selected={selected}
                        className={classes.td}
                        data-num={col.type === 'number' || col.type === 'integer' || undefined}
                        data-empty={value === null || undefined}
                        data-edited={row?.edited.includes(c) || undefined}
                        data-selected={selected || undefined}
                        data-active={isActive || undefined}
                        title={row?.edited.includes(c) ? 'Edited' : undefined}
                        onMouseDown={(e) => {
                          if (editing !== null && isActive) return;
                          moveTo(it.index, c, e.shiftKey);
                        }}
                        onDoubleClick={() => editable && setEditing(value ?? '')}
                      >
                        {isActive && editing !== null ? (
                          <input
                            // biome-ignore lint/a11y/noAutofocus: the editor opens where the user asked to type
                            autoFocus
                            aria-label={`Edit ${col.name}, row ${(row?.index ?? 0) + 1}`}
                            className={classes.editor}
                            defaultValue={editing}
                            onKeyDown={(e) => {
                              e.stopPropagation();
                              if (e.key === 'Enter') commit(e.currentTarget.value);
                              if (e.key === 'Escape') {
                                setEditing(null);
                                tableRef.current?.focus();
                              }
                            }}
                            onBlur={(e) => commit(e.currentTarget.value)}
                          />
                        ) : row ? (
                          (value ?? '—')
                        ) : (
                          '…'
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {paddingBottom > 0 && (
              <tr aria-hidden>
                <td style={{ height: paddingBottom, padding: 0 }} colSpan={columns.length + 1} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
