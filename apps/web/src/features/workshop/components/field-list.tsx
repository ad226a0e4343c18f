import { ActionIcon, Button, Chip, Group, Kbd, Paper, Popover, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecks, IconFilterOff, IconKeyboard } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import {
  countByFilter,
  FIELD_FILTERS,
  FILTER_LABELS,
  matchesFilter,
  type TFieldFilter,
  type TFieldRow,
} from '../lib/field-rows.ts';
import { formatCount } from '../lib/format.ts';
import type { TTargetTab } from '../stores/workshop-store.ts';
import { FieldRow, type TRowActions } from './field-row.tsx';
import { MappedRecordView } from './mapped-record-view.tsx';

const isTyping = (el: EventTarget | null) =>
  el instanceof HTMLElement && (el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName));

/**
 * Every target field for the record on screen, filtered (all, low confidence, failing,
 * unapproved). ↑/↓ move between fields, Enter edits the mapping, e corrects the value, a approves.
 */
export function FieldList({
  rows,
  loading,
  filter,
  onFilter,
  selectedField,
  onStepField,
  editingField,
  correctionOf,
  mappedKnown,
  can,
  failing,
  actions,
  targetTab,
  mapped,
  message,
  onApproveAll,
  approving,
}: {
  rows: TFieldRow[];
  loading: boolean;
  filter: TFieldFilter;
  onFilter: (f: TFieldFilter) => void;
  selectedField: string | null;
  onStepField: (visible: string[], delta: number) => void;
  editingField: string | null;
  correctionOf: (target: string) => { value: unknown } | undefined;
  mappedKnown: boolean;
  can: { approve: boolean; sample: boolean; manual: boolean };
  failing: { counted: number; total: number };
  actions: TRowActions;
  targetTab: TTargetTab;
  mapped: unknown;
  message: unknown;
  onApproveAll: (targets: string[]) => void;
  approving: boolean;
}) {
  const counts = countByFilter(rows);
  const visible = rows.filter((r) => matchesFilter(r, filter));
  const visibleTargets = visible.map((r) => r.field.path);
  const refs = useRef(new Map<string, HTMLDivElement>());
  const focusAfterMove = useRef(false);
  const selectedVisible = selectedField !== null && visibleTargets.includes(selectedField);

  useEffect(() => {
    if (!focusAfterMove.current || !selectedField) return;
    focusAfterMove.current = false;
    const el = refs.current.get(selectedField);
    el?.focus();
    el?.scrollIntoView({ block: 'nearest' });
  }, [selectedField]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
    const row = visible.find((r) => r.field.path === selectedField);
    const step = (d: number) => {
      e.preventDefault();
      focusAfterMove.current = true;
      onStepField(visibleTargets, d);
    };
    if (e.key === 'ArrowDown') step(1);
    else if (e.key === 'ArrowUp') step(-1);
    else if (e.key === 'Home') step(-visibleTargets.length);
    else if (e.key === 'End') step(visibleTargets.length);
    else if (!row) return;
    else if (e.key === 'Enter' && e.target === refs.current.get(row.field.path)) {
      e.preventDefault();
      if (can.manual) actions.onManual(row.field.path);
    } else if (e.key === 'e' && can.sample && !row.field.inArray) {
      e.preventDefault();
      actions.onEditing(row.field.path);
    } else if (e.key === 'a' && can.approve && row.mapping) {
      e.preventDefault();
      actions.onApprove(row.field.path, !row.approved);
    } else if (e.key === 'p' && can.manual) {
      e.preventDefault();
      actions.onPrompt(row.field.path);
    }
  };

  const unapprovedShown = visible.filter((r) => r.mapping && !r.approved).map((r) => r.field.path);
  return (
    <Paper withBorder radius="md">
      <Group
        justify="space-between"
        gap="sm"
        p="sm"
        wrap="wrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        {targetTab === 'fields' ? (
          <Chip.Group multiple={false} value={filter} onChange={(v) => onFilter(v as TFieldFilter)}>
            <Group gap={6} role="radiogroup" aria-label="Show fields">
              {FIELD_FILTERS.map((f) => (
                <Chip key={f} value={f} size="xs" radius="sm" variant="light">
                  {FILTER_LABELS[f]} {formatCount(counts[f])}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : (
          <Text size="sm" fw={600}>
            Mapped record
          </Text>
        )}
        <Group gap={6}>
          {targetTab === 'fields' && (
            <Button
              size="compact-sm"
              variant="light"
              color="green"
              leftSection={<IconChecks size={14} />}
              disabled={!can.approve || unapprovedShown.length === 0}
              loading={approving}
              onClick={() => onApproveAll(unapprovedShown)}
            >
              Approve {filter === 'all' ? 'all' : 'shown'}
              {unapprovedShown.length ? ` ${formatCount(unapprovedShown.length)}` : ''}
            </Button>
          )}
          <ShortcutsHelp />
        </Group>
      </Group>
      {targetTab === 'record' ? (
        <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
          {loading ? <Skeleton height={200} /> : <MappedRecordView mapped={mapped} message={message} />}
        </div>
      ) : loading && rows.length === 0 ? (
        <Stack p="sm" gap="sm">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Stack>
      ) : visible.length === 0 ? (
        <Stack align="center" gap={6} py="xl" px="md">
          <IconFilterOff size={28} color="var(--mantine-color-gray-6)" aria-hidden />
          <Text fw={600} size="sm">
            {rows.length === 0
              ? 'The target schema has no fields'
              : `No ${FILTER_LABELS[filter].toLowerCase()} fields`}
          </Text>
          {rows.length > 0 && (
            <Button size="compact-sm" variant="subtle" onClick={() => onFilter('all')}>
              Show all {formatCount(rows.length)} fields
            </Button>
          )}
        </Stack>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: rows are focusable grids of controls, not plain list items
        <div role="list" aria-label="Target fields" onKeyDown={onKeyDown}>
          {visible.map((row, i) => (
            <FieldRow
              key={row.field.path}
              ref={(el) => {
                if (el) refs.current.set(row.field.path, el);
                else refs.current.delete(row.field.path);
              }}
              row={row}
              selected={row.field.path === selectedField}
              focusable={selectedVisible ? row.field.path === selectedField : i === 0}
              editing={editingField === row.field.path}
              corrected={correctionOf(row.field.path)}
              mappedKnown={mappedKnown}
              can={can}
              failing={failing}
              actions={actions}
            />
          ))}
        </div>
      )}
    </Paper>
  );
}

const SHORTCUTS: [string[], string][] = [
  [['j', '→'], 'Next record'],
  [['k', '←'], 'Previous record'],
  [['↑', '↓'], 'Previous / next field'],
  [['Enter'], 'Edit the mapping'],
  [['e'], 'Correct the value'],
  [['a'], 'Approve / take back'],
  [['p'], 'Ask in words'],
  [['/'], 'Search records'],
];

function ShortcutsHelp() {
  return (
    <Popover position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" aria-label="Keyboard shortcuts">
          <IconKeyboard size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          {SHORTCUTS.map(([keys, what]) => (
            <Group key={what} justify="space-between" gap="lg" wrap="nowrap">
              <Text size="sm">{what}</Text>
              <Group gap={4} wrap="nowrap">
                {keys.map((k) => (
                  <Kbd key={k} size="xs">
                    {k}
                  </Kbd>
                ))}
              </Group>
            </Group>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
