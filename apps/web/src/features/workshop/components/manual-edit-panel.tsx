import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Code,
  Drawer,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { TFieldRow } from '../lib/field-rows.ts';
import { typeLabel } from '../lib/field-rows.ts';
import { formatValue } from '../lib/format.ts';
import { manualEditRequest, TRANSFORM_CHOICES } from '../lib/manual-edit.ts';
import { valueAtPath } from '../lib/paths.ts';
import type { TSourceField } from '../lib/source-profile.ts';
import { mappingWords, type TTransform } from '../lib/transform-words.ts';
import type { TManualDraft } from '../stores/workshop-store.ts';

/** Lookup rows filled from a source's values at most: a longer table is better made by a sample edit. */
const MAX_FILL = 200;

/**
 * Manual edit of one field: a source path (typed, suggested from the source profile, or clicked in
 * the source record), a transform, a default and a lookup table. The drawer leaves the page usable
 * so the source record stays clickable beside it.
 */
export function ManualEditPanel({
  draft,
  row,
  sources,
  record,
  busy,
  error,
  onChange,
  onClose,
  onApply,
}: {
  draft: TManualDraft | null;
  row: TFieldRow | null;
  sources: TSourceField[];
  record: unknown;
  busy: boolean;
  error: string | null;
  onChange: (patch: Partial<TManualDraft>) => void;
  onClose: () => void;
  onApply: (edit: Extract<ReturnType<typeof manualEditRequest>, { edit: unknown }>['edit']) => void;
}) {
  const [problem, setProblem] = useState<{ error: string; field: string } | null>(null);
  const source = sources.find((s) => s.path === draft?.extract.trim());
  const options = useMemo(() => sources.map((s) => ({ value: s.path, label: s.path })), [sources]);
  const preview = draft?.extract.trim() ? valueAtPath(record, draft.extract.trim()) : undefined;
  const apply = () => {
    if (!draft || !row) return;
    const req = manualEditRequest(draft, row.field.types);
    if ('error' in req) setProblem(req);
    else {
      setProblem(null);
      onApply(req.edit);
    }
  };
  const setLookup = (lookup: TManualDraft['lookup']) => {
    setProblem(null);
    onChange({ lookup });
  };
  return (
    <Drawer
      opened={draft !== null}
      onClose={onClose}
      position="right"
      size={460}
      withOverlay={false}
      trapFocus={false}
      lockScroll={false}
      closeOnClickOutside={false}
      shadow="xl"
      title={
        <Title order={2} fz="lg">
          Edit the mapping
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the mapping editor' }}
    >
      {draft && row && (
        <Stack gap="md">
          <div>
            <Group gap={6} align="baseline">
              <Code fz="sm" fw={600}>
                {row.field.path}
              </Code>
              <Text size="xs" c="dimmed">
                {typeLabel(row.field)}
                {row.field.required ? ' · required' : ''}
              </Text>
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              Now:{' '}
              {row.mapping
                ? mappingWords({
                    sources: row.mapping.sources,
                    transform: row.mapping.transform as TTransform,
                    default: row.mapping.default,
                  })
                : 'not mapped'}
            </Text>
          </div>
          <div>
            <Autocomplete
              label="Source path"
              description="Type a path, pick one, or click a value in the source record"
              placeholder="e.g. customer.email or items[*].price"
              data={options}
              value={draft.extract}
              onChange={(extract) => {
                setProblem(null);
                onChange({ extract });
              }}
              error={problem?.field === 'extract' ? problem.error : undefined}
              limit={50}
              maxDropdownHeight={260}
              data-autofocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            {draft.extract.trim() && (
              <Text size="xs" c="dimmed" mt={4}>
                In this record: <Code>{preview === undefined ? 'no value' : formatValue(preview, 80)}</Code>
                {source ? ` · ${source.type}${source.format ? `, ${source.format}` : ''}` : ''}
              </Text>
            )}
          </div>
          <Select
            label="Transform"
            description="Applied to the source value before the lookup table"
            data={TRANSFORM_CHOICES}
            value={draft.transform}
            onChange={(v) => v && onChange({ transform: v as TManualDraft['transform'] })}
            allowDeselect={false}
            disabled={!draft.extract.trim()}
          />
          <TextInput
            label="Default"
            description="Used when the source is missing or empty; with no source path, every record gets it"
            placeholder="none"
            value={draft.defaultText}
            onChange={(e) => {
              setProblem(null);
              onChange({ defaultText: e.currentTarget.value });
            }}
            error={problem?.field === 'default' ? problem.error : undefined}
          />
          <LookupTable
            rows={draft.lookup}
            onChange={setLookup}
            distinct={source?.distinct}
            error={problem?.field === 'lookup' ? problem.error : undefined}
          />
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={16} />} title="The edit was not applied">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={apply} loading={busy}>
              Apply and re-run
            </Button>
          </Group>
        </Stack>
      )}
    </Drawer>
  );
}

function LookupTable({
  rows,
  onChange,
  distinct,
  error,
}: {
  rows: TManualDraft['lookup'];
  onChange: (rows: TManualDraft['lookup']) => void;
  distinct: TSourceField['distinct'];
  error?: string;
}) {
  const fill = () => {
    const have = new Set(rows.map((r) => r.from));
    const more = (distinct ?? [])
      .map((d) => String(d.value))
      .filter((v) => !have.has(v))
      .slice(0, MAX_FILL)
      .map((from) => ({ from, to: '' }));
    onChange([...rows.filter((r) => r.from || r.to), ...more]);
  };
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <div>
          <Text size="sm" fw={500}>
            Lookup table
          </Text>
          <Text size="xs" c="dimmed">
            Source values to target values; others are kept as they are
          </Text>
        </div>
        {distinct && distinct.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={fill}>
            Fill from the source's {distinct.length} values
          </Button>
        )}
      </Group>
      <Stack gap={6}>
        {rows.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no identity of their own
          <Group key={i} gap={6} wrap="nowrap">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              value={r.from}
              placeholder="source value"
              aria-label={`Lookup row ${i + 1}: source value`}
              onChange={(e) =>
                onChange(rows.map((x, j) => (j === i ? { ...x, from: e.currentTarget.value } : x)))
              }
            />
            <Text size="xs" c="dimmed" aria-hidden>
              →
            </Text>
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              value={r.to}
              placeholder="target value"
              aria-label={`Lookup row ${i + 1}: target value`}
              onChange={(e) =>
                onChange(rows.map((x, j) => (j === i ? { ...x, to: e.currentTarget.value } : x)))
              }
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
              aria-label={`Remove lookup row ${i + 1}`}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        ))}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPlus size={14} />}
          onClick={() => onChange([...rows, { from: '', to: '' }])}
          style={{ alignSelf: 'flex-start' }}
        >
          Add a row
        </Button>
        {error && (
          <Text size="xs" c="red.9" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </div>
  );
}
