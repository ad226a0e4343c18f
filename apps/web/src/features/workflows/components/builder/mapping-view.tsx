import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { TMappingSpec, TWorkflowRun } from '@mapwright/contracts';
import { IconPin, IconWand } from '@tabler/icons-react';
import { useState } from 'react';
import { JsonEditor } from '../../../../components/ui/json-editor.tsx';
import { useSuggestRunMapping } from '../../api/run-mapping.ts';
import { useJsonText } from '../../hooks/use-json-text.ts';

const BUCKET_COLORS: Record<string, string> = {
  'Very High': 'green',
  High: 'teal',
  Medium: 'yellow',
  Low: 'orange',
  'Very Low': 'red',
};

/** One line per target field: where it comes from, how, how sure, and why (narrow panel). */
function FieldsTable({ mapping }: { mapping: TMappingSpec }) {
  return (
    <Stack
      component="ul"
      gap={6}
      aria-label="Mapping fields"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {mapping.fields.map((f) => (
        <li
          key={f.target}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)', paddingBottom: 6 }}
        >
          <Group gap={6} wrap="nowrap" justify="space-between">
            <Text size="xs" fw={600} truncate title={f.target}>
              {f.target}
            </Text>
            <Badge
              size="xs"
              variant="light"
              color={BUCKET_COLORS[f.bucket] ?? 'gray'}
              style={{ flexShrink: 0 }}
            >
              {Math.round(f.confidence * 100)}%
            </Badge>
          </Group>
          <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            ← {f.sources.join(', ') || '(nothing)'} · {String(f.transform.kind ?? '')}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} title={f.reason}>
            {f.reason}
          </Text>
        </li>
      ))}
    </Stack>
  );
}

const isSpec = (v: unknown) =>
  v &&
  typeof v === 'object' &&
  (v as { version?: unknown }).version === 1 &&
  Array.isArray((v as { fields?: unknown }).fields)
    ? null
    : 'must be {"version": 1, "fields": [...]}';

/**
 * How the final node fills its schema: the engine's suggestion from the shown run's data (each
 * field with its sources, transform, confidence and reason), pinned as is or edited as JSON.
 */
export function MappingView({
  mapping,
  run,
  finalSchema,
  onChange,
}: {
  mapping: TMappingSpec | null;
  run: TWorkflowRun | null;
  finalSchema: unknown;
  onChange: (m: TMappingSpec | null) => void;
}) {
  const suggest = useSuggestRunMapping();
  const [editing, setEditing] = useState(false);
  const json = useJsonText(mapping, isSpec, (v) => v && onChange(v as TMappingSpec));

  if (mapping)
    return (
      <Stack gap="xs">
        <Text size="sm">This mapping is pinned: every run uses it as it is.</Text>
        {editing ? (
          <>
            <JsonEditor value={json.text} onChange={json.set} label="Pinned mapping JSON" height="320px" />
            {json.error && (
              <Text size="xs" c="red.8" role="alert">
                Not applied: {json.error}
              </Text>
            )}
          </>
        ) : (
          <FieldsTable mapping={mapping} />
        )}
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setEditing((e) => !e)}>
            {editing ? 'Show as a table' : 'Edit as JSON'}
          </Button>
          <Button size="xs" variant="light" onClick={() => onChange(null)}>
            Let the engine suggest it on each run
          </Button>
        </Group>
      </Stack>
    );

  const suggestion = suggest.data?.mapping;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        On every run the engine maps the data gathered, one record {'{'}nodeId: [records…]{'}'}, onto the
        schema: it matches field names, types and values, and explains each choice.
      </Text>
      {run ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconWand size={14} aria-hidden />}
          loading={suggest.isPending}
          onClick={() => suggest.mutate({ runId: run.id, finalSchema })}
        >
          Show the engine's mapping
        </Button>
      ) : (
        <Text size="sm" c="dimmed">
          Test-run the workflow to see the mapping the engine chooses.
        </Text>
      )}
      {suggest.error && (
        <Alert color="red" p="xs">
          <Text size="sm">{suggest.error.message}</Text>
        </Alert>
      )}
      {suggestion && (
        <>
          <FieldsTable mapping={suggestion} />
          <Button
            size="xs"
            leftSection={<IconPin size={14} aria-hidden />}
            onClick={() => {
              json.replace(suggestion);
              onChange(suggestion);
            }}
          >
            Pin this mapping (then edit it)
          </Button>
        </>
      )}
    </Stack>
  );
}
