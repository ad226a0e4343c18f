import { ActionIcon, Badge, Checkbox, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDots, IconMessage2, IconPencil, IconWand } from '@tabler/icons-react';
import { forwardRef } from 'react';
import type { TFieldRow } from '../lib/field-rows.ts';
import { typeLabel } from '../lib/field-rows.ts';
import { formatCount, formatPercent, plural } from '../lib/format.ts';
import { needsReview, suggestionState } from '../lib/suggestion.ts';
import { mappingWords, type TTransform } from '../lib/transform-words.ts';
import { ConfidenceBadge, UnmappedBadge } from './confidence-badge.tsx';
import { FieldValue } from './field-value.tsx';
import { LookupPairs, SuggestionActions, SuggestionReason } from './suggestion-details.tsx';
import classes from './workshop.module.css';

export interface TRowActions {
  onSelect: (target: string) => void;
  onApprove: (target: string, approved: boolean) => void;
  /** the field is no longer fed by its suggestion (no source) */
  onReject: (target: string) => void;
  onManual: (target: string) => void;
  onPrompt: (target: string) => void;
  onEditing: (target: string | null) => void;
  onCorrect: (target: string, value: unknown) => void;
  onUncorrect: (target: string) => void;
}

const STATUS: Partial<Record<ReturnType<typeof suggestionState>, { label: string; color: string }>> = {
  edited: { label: 'Edited', color: 'grape' },
  accepted: { label: 'Accepted', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** One target field: name and type, where its value comes from in words, confidence, value, approval. */
export const FieldRow = forwardRef<
  HTMLDivElement,
  {
    row: TFieldRow;
    selected: boolean;
    focusable: boolean;
    editing: boolean;
    corrected: { value: unknown } | undefined;
    mappedKnown: boolean;
    can: { approve: boolean; sample: boolean; manual: boolean };
    failing: { counted: number; total: number };
    actions: TRowActions;
  }
>(function FieldRow(
  { row, selected, focusable, editing, corrected, mappedKnown, can, failing, actions },
  ref,
) {
  const { field, mapping } = row;
  const name = field.path;
  const state = suggestionState(mapping);
  const words =
    state === 'rejected'
      ? 'Not mapped: the suggestion was rejected'
      : mapping
        ? mappingWords({
            sources: mapping.sources,
            transform: mapping.transform as TTransform,
            default: mapping.default,
          })
        : 'Not mapped: no source was found for it';
  const review = state === 'suggested' && mapping !== null && needsReview(mapping);
  const status = STATUS[state];
  // the engine's evidence for a suggestion is always shown; a person's own edit says why only when asked
  const showReason =
    mapping?.reason && (state === 'suggested' || state === 'accepted' || (selected && state === 'edited'));
  // the selected row's controls are in the Tab order; the others are reached with ↑/↓ first
  const tab = selected ? 0 : -1;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of a keyboard-navigable list, with controls inside
    // biome-ignore lint/a11y/useKeyWithClickEvents: the list's key handler covers the keyboard (↑/↓, Enter, e, a, p)
    <div
      ref={ref}
      role="listitem"
      tabIndex={focusable ? 0 : -1}
      aria-label={`${name}, ${mapping && !row.unmapped ? `${mapping.bucket} confidence` : 'not mapped'}${row.error ? ', failing' : ''}${row.approved ? ', approved' : ''}${state === 'rejected' ? ', suggestion rejected' : ''}`}
      aria-current={selected ? 'true' : undefined}
      data-field={name}
      className={`${classes.row} ${selected ? classes.rowSelected : ''}`}
      onClick={() => actions.onSelect(name)}
      onFocus={(e) => e.target === e.currentTarget && actions.onSelect(name)}
    >
      <div className={classes.check}>
        <Tooltip
          label={row.approved ? 'Approved (a to take back)' : 'Approve this mapping (a)'}
          withArrow
          openDelay={400}
        >
          <Checkbox
            checked={row.approved}
            disabled={!can.approve || !mapping}
            onChange={(e) => actions.onApprove(name, e.currentTarget.checked)}
            onClick={(e) => e.stopPropagation()}
            aria-label={`Approve ${name}`}
            color="green"
            tabIndex={tab}
          />
        </Tooltip>
      </div>
      <div className={classes.target}>
        <Group gap={6} wrap="wrap" align="baseline">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <Text size="xs" c="dimmed">
            {typeLabel(field)}
          </Text>
          {field.required && (
            <Badge size="xs" variant="light" color="gray" tt="none">
              required
            </Badge>
          )}
          {status && (
            <Badge size="xs" variant="light" color={status.color} tt="none">
              {status.label}
            </Badge>
          )}
          {review && (
            <Badge
              size="xs"
              variant="light"
              color="orange"
              tt="none"
              leftSection={<IconAlertTriangle size={10} aria-hidden />}
            >
              Needs review
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" mt={2} style={{ overflowWrap: 'anywhere' }}>
          {words}
        </Text>
        {showReason && mapping && <SuggestionReason target={name} reason={mapping.reason} />}
        {mapping && (state === 'suggested' || state === 'accepted') && <LookupPairs mapping={mapping} />}
        <SuggestionActions
          target={name}
          state={state}
          canAccept={can.approve}
          canReject={can.manual}
          tabIndex={tab}
          onAccept={() => actions.onApprove(name, true)}
          onReject={() => actions.onReject(name)}
        />
        {row.failures > 0 && (
          <Text size="xs" c="red.9" mt={2}>
            {failing.counted < failing.total
              ? `Fails in ${formatCount(row.failures)} of the first ${plural(failing.counted, 'failing record')}`
              : `Fails in ${plural(row.failures, 'record')}`}
          </Text>
        )}
        {row.dropped > 0 && (
          <Text size="xs" c="orange.9" mt={2}>
            {`${plural(row.dropped, 'value')} dropped in the last run: the transform could not read ${row.dropped === 1 ? 'it' : 'them'}`}
          </Text>
        )}
        {row.droppedHere && (
          <Text size="xs" c="orange.9" mt={2} style={{ overflowWrap: 'anywhere' }}>
            {`This record: ${row.droppedHere.message}`}
          </Text>
        )}
      </div>
      <div className={classes.value}>
        <FieldValue
          row={row}
          corrected={corrected}
          editing={editing}
          canEdit={can.sample}
          mappedKnown={mappedKnown}
          tabbable={selected}
          onEditing={(on) => actions.onEditing(on ? name : null)}
          onCorrect={(v) => actions.onCorrect(name, v)}
          onUncorrect={() => actions.onUncorrect(name)}
        />
      </div>
      <div className={classes.meta}>
        {mapping && !row.unmapped ? (
          <ConfidenceBadge
            bucket={row.runConfidence?.bucket ?? mapping.bucket}
            confidence={row.runConfidence?.score ?? mapping.confidence}
            reason={
              row.runConfidence
                ? `${mapping.reason} Lowered from ${formatPercent(mapping.confidence)}: in the last run ${formatPercent(row.runConfidence.share)} of records failed on this field or lost their value to it.`
                : mapping.reason
            }
          />
        ) : (
          <UnmappedBadge />
        )}
        <Tooltip label="Edit the mapping (Enter)" withArrow openDelay={300}>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={!can.manual}
            onClick={(e) => {
              e.stopPropagation();
              actions.onManual(name);
            }}
            aria-label={`Edit the mapping of ${name}`}
            tabIndex={tab}
          >
            <IconPencil size={16} />
          </ActionIcon>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`More for ${name}`}
              onClick={(e) => e.stopPropagation()}
              tabIndex={tab}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              disabled={!can.manual}
              onClick={() => actions.onManual(name)}
            >
              Edit the mapping
            </Menu.Item>
            <Menu.Item
              leftSection={<IconWand size={14} />}
              disabled={!can.sample || field.inArray}
              onClick={() => actions.onEditing(name)}
            >
              Correct the value
            </Menu.Item>
            <Menu.Item
              leftSection={<IconMessage2 size={14} />}
              disabled={!can.manual}
              onClick={() => actions.onPrompt(name)}
            >
              Ask in words
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </div>
    </div>
  );
});
