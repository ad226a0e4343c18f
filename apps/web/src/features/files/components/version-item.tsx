import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TFileVersion } from '@mapwright/contracts';
import { IconAlertCircle, IconCircleCheck, IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes, formatDateTime } from '../lib/format.ts';

export interface TVersionItemProps {
  version: TFileVersion;
  editing: boolean;
  saving: boolean;
  saveError: string | null;
  makingCurrent: boolean;
  onMakeCurrent: () => void;
  onEdit: () => void;
  onCancelEdit: () => void;
  onSave: (values: { label: string; notes: string }) => void;
  onDownload: () => void;
}

/** One version: number, file name, size, when, label and notes; make it current, edit, download. */
export function VersionItem(props: TVersionItemProps) {
  const { version: v, editing } = props;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={v.is_current ? 'var(--mantine-color-purple-0)' : undefined}
      aria-label={`Version ${v.number}${v.is_current ? ' (current)' : ''}`}
      component="article"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
            <Badge
              variant={v.is_current ? 'filled' : 'light'}
              radius="sm"
              tt="none"
              style={{ flexShrink: 0 }}
            >
              v{v.number}
            </Badge>
            <Text size="sm" fw={600} truncate="end" title={v.filename} style={{ minWidth: 0 }}>
              {v.filename}
            </Text>
            {v.is_current && (
              <Badge
                color="green"
                tt="none"
                variant="light"
                leftSection={<IconCircleCheck size={12} />}
                style={{ flexShrink: 0 }}
              >
                Current
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {!v.is_current && (
              <Button
                size="compact-sm"
                variant="light"
                loading={props.makingCurrent}
                onClick={props.onMakeCurrent}
                aria-label={`Make current: version ${v.number}`}
              >
                Make current
              </Button>
            )}
            <Tooltip label="Edit label and notes">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={props.onEdit}
                disabled={editing}
                aria-label={`Edit label and notes of version ${v.number}`}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Download">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={props.onDownload}
                aria-label={`Download version ${v.number}`}
              >
                <IconDownload size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          {formatBytes(v.size)} · uploaded {formatDateTime(v.created_at)} ·{' '}
          <span title={`sha256 ${v.sha256}`}>sha256 {v.sha256.slice(0, 10)}</span>
        </Text>
        {editing ? (
          <VersionForm {...props} />
        ) : v.label || v.notes ? (
          <Stack gap={2}>
            {v.label && (
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {v.label}
              </Text>
            )}
            {v.notes && (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {v.notes}
              </Text>
            )}
          </Stack>
        ) : (
          <Text size="xs" c="dimmed" fs="italic">
            No label or notes
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function VersionForm({ version: v, saving, saveError, onSave, onCancelEdit }: TVersionItemProps) {
  const [label, setLabel] = useState(v.label);
  const [notes, setNotes] = useState(v.notes);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ label: label.trim(), notes: notes.trim() });
      }}
    >
      <Stack gap="xs">
        <TextInput
          label="Label"
          description="A short name, e.g. “after the March fixes”"
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={200}
          data-autofocus
        />
        <Textarea
          label="Notes"
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={2}
          maxRows={8}
        />
        {saveError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {saveError}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onCancelEdit}>
            Cancel
          </Button>
          <Button type="submit" size="xs" loading={saving}>
            Save version {v.number}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
