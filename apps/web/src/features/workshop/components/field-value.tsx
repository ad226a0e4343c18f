import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { parseTyped, type TFieldRow } from '../lib/field-rows.ts';
import { editableText, formatValue } from '../lib/format.ts';
import classes from './workshop.module.css';

/**
 * The mapped value of a field for the record on screen, its validation error in place, and the
 * inline sample edit: click (or press e), type the right value, Enter keeps it as a correction.
 */
export function FieldValue({
  row,
  corrected,
  editing,
  canEdit,
  mappedKnown,
  onEditing,
  onCorrect,
  onUncorrect,
  tabbable,
}: {
  tabbable: boolean;
  row: TFieldRow;
  corrected: { value: unknown } | undefined;
  editing: boolean;
  canEdit: boolean;
  /** false while no finished run gives values */
  mappedKnown: boolean;
  onEditing: (on: boolean) => void;
  onCorrect: (value: unknown) => void;
  onUncorrect: () => void;
}) {
  const name = row.field.path;
  const inList = row.field.inArray;
  if (editing)
    return (
      <ValueEditor
        row={row}
        start={corrected ? corrected.value : row.value}
        onDone={onEditing}
        onCorrect={onCorrect}
      />
    );
  const shown = corrected ? corrected.value : row.value;
  const empty = shown === undefined || shown === null || shown === '';
  const text = !mappedKnown
    ? 'not run yet'
    : shown === undefined
      ? 'no value'
      : shown === null
        ? 'null'
        : shown === ''
          ? 'empty text'
          : formatValue(shown, 200);
  const cls = [
    classes.valueBox,
    empty || !mappedKnown ? classes.valueEmpty : '',
    corrected ? classes.valueCorrected : row.error ? classes.valueError : '',
  ].join(' ');
  const editable = canEdit && mappedKnown && !inList;
  return (
    <div>
      <Group gap={4} wrap="nowrap" align="flex-start">
        {editable ? (
          <Tooltip
            label="Correct this value (e): the mapping change it implies is shown before it is applied"
            withArrow
            openDelay={400}
            multiline
            w={260}
          >
            <button
              type="button"
              className={cls}
              onClick={() => onEditing(true)}
              aria-label={`Value of ${name}: ${text}. Correct it`}
              tabIndex={tabbable ? 0 : -1}
            >
              {text}
            </button>
          </Tooltip>
        ) : (
          <div className={cls}>{text}</div>
        )}
        {corrected && (
          <Tooltip label="Take the correction back" withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              mt={3}
              onClick={onUncorrect}
              aria-label={`Take back the correction of ${name}`}
            >
              <IconArrowBackUp size={14} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {corrected && (
        <Text size="xs" c="blue.9" mt={2}>
          Corrected from {row.value === undefined ? 'no value' : formatValue(row.value, 60)}
        </Text>
      )}
      {!corrected && row.error && (
        <Text size="xs" c="red.9" mt={2} style={{ overflowWrap: 'anywhere' }}>
          {row.error.message}
        </Text>
      )}
    </div>
  );
}

function ValueEditor({
  row,
  start,
  onDone,
  onCorrect,
}: {
  row: TFieldRow;
  start: unknown;
  onDone: (on: boolean) => void;
  onCorrect: (value: unknown) => void;
}) {
  const [text, setText] = useState(editableText(start));
  const [error, setError] = useState<string | null>(null);
  const save = () => {
    const parsed = parseTyped(text, row.field.types);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    onCorrect(parsed.value);
    onDone(false);
  };
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        size="xs"
        style={{ flex: 1 }}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Enter') save();
          if (e.key === 'Escape') onDone(false);
        }}
        error={error}
        aria-label={`Correct value of ${row.field.path}`}
        placeholder={row.field.enum ? `one of ${row.field.enum.map(String).join(', ')}` : 'the right value'}
        data-autofocus
        autoFocus
        ff="monospace"
      />
      <ActionIcon variant="filled" size="md" onClick={save} aria-label="Keep the correction">
        <IconCheck size={14} />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size="md"
        onClick={() => onDone(false)}
        aria-label="Cancel the correction"
      >
        <IconX size={14} />
      </ActionIcon>
    </Group>
  );
}
