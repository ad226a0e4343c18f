import { Alert, Badge, Button, Checkbox, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TResult } from '@mapwright/contracts';
import { IconCheck, IconReplace } from '@tabler/icons-react';
import { useState } from 'react';
import { useApplyFixes, useFixes, useFixRecord, useReplaceInField } from '../api/fixes.ts';
import type { TJsonSchemaLike } from '../api/job-target-schema.ts';
import { formatCount, plural } from '../lib/format.ts';
import { valueAtPath } from '../lib/paths.ts';

/** The JSON type a target field asks for (its `type`, the first that is not null). */
export function fieldType(schema: TJsonSchemaLike | undefined, field: string): string {
  let node: unknown = schema;
  for (const key of field.replace(/\[\d+\]/g, '').split('.')) {
    const props = (node as { properties?: Record<string, unknown> } | undefined)?.properties;
    node =
      props?.[key] ??
      (node as { items?: { properties?: Record<string, unknown> } })?.items?.properties?.[key];
  }
  const t = (node as { type?: unknown } | undefined)?.type;
  const list = Array.isArray(t) ? t : [t];
  return (list.find((x) => typeof x === 'string' && x !== 'null') as string | undefined) ?? 'string';
}

/** Text typed into a cell as the value the field takes: a number for a number field, and so on. */
export function typedValue(text: string, type: string): unknown {
  const t = text.trim();
  if (t === '') return null;
  if ((type === 'number' || type === 'integer') && !Number.isNaN(Number(t))) return Number(t);
  if (type === 'boolean' && (t === 'true' || t === 'false')) return t === 'true';
  return text;
}

/** One failing cell of a quarantined record, editable: saved, it is re-validated at once. */
export function FixCell({
  resultId,
  index,
  field,
  mapped,
  schema,
}: {
  resultId: string;
  index: number;
  field: string;
  mapped: unknown;
  schema: TJsonSchemaLike | undefined;
}) {
  const current = valueAtPath(mapped, field);
  const [text, setText] = useState(current === undefined || current === null ? '' : String(current));
  const fix = useFixRecord(resultId);
  const save = () => fix.mutate({ index, changes: { [field]: typedValue(text, fieldType(schema, field)) } });
  return (
    <Group gap={6} wrap="nowrap" align="flex-end">
      <TextInput
        label={`Fix ${field}`}
        size="xs"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && save()}
        error={fix.error?.message}
        style={{ flex: 1 }}
      />
      <Button size="xs" variant="light" onClick={save} loading={fix.isPending}>
        Save
      </Button>
    </Group>
  );
}

/** Pending fixes with the button that puts them into the result, and find-and-replace on a field. */
export function FixesBar({ run, fields }: { run: TResult; fields: string[] }) {
  const fixes = useFixes(run.id, run.failed > 0);
  const apply = useApplyFixes(run.id);
  const replace = useReplaceInField(run.id);
  const [field, setField] = useState<string | null>(null);
  const [find, setFind] = useState('');
  const [by, setBy] = useState('');
  const [whole, setWhole] = useState(false);
  const pending = fixes.data?.count ?? 0;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Find and replace in"
            placeholder="A field"
            data={fields}
            value={field}
            onChange={setField}
            size="xs"
            w={180}
          />
          <TextInput label="Find" size="xs" value={find} onChange={(e) => setFind(e.currentTarget.value)} />
          <TextInput
            label="Replace with"
            size="xs"
            value={by}
            onChange={(e) => setBy(e.currentTarget.value)}
          />
          <Checkbox
            label="Whole value"
            size="xs"
            checked={whole}
            onChange={(e) => setWhole(e.currentTarget.checked)}
            mb={6}
          />
          <Button
            size="xs"
            variant="light"
            leftSection={<IconReplace size={14} aria-hidden />}
            disabled={!field || !find}
            loading={replace.isPending}
            onClick={() =>
              field &&
              replace.mutate(
                { field, find, replace: by, whole },
                {
                  onSuccess: (r) =>
                    notifications.show({
                      color: 'teal',
                      message: `${plural(r.changed ?? 0, 'record')} changed in ${field}`,
                    }),
                },
              )
            }
          >
            Replace in every quarantined record
          </Button>
        </Group>
        {replace.error && (
          <Text size="xs" c="red.8" role="alert">
            {replace.error.message}
          </Text>
        )}
        {pending > 0 && (
          <Alert color="teal" icon={<IconCheck size={16} aria-hidden />} title="Fixes waiting">
            <Group justify="space-between" wrap="wrap">
              <Text size="sm">
                {plural(pending, 'record')} fixed: {formatCount(fixes.data?.valid ?? 0)} now pass,{' '}
                {formatCount(pending - (fixes.data?.valid ?? 0))} still fail. Applying puts them into the
                result.
              </Text>
              <Button size="xs" onClick={() => apply.mutate()} loading={apply.isPending}>
                Apply {plural(pending, 'fix', 'fixes')} to the result
              </Button>
            </Group>
            {apply.error && (
              <Text size="xs" c="red.8" role="alert">
                {apply.error.message}
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

export function FixedBadge({ passes }: { passes: boolean }) {
  return (
    <Badge size="sm" variant="light" color={passes ? 'teal' : 'orange'} tt="none">
      {passes ? 'Fixed · passes' : 'Fixed · still fails'}
    </Badge>
  );
}
