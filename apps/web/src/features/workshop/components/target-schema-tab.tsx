import { Alert, Badge, Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { plural } from '../lib/format.ts';
import { schemaLeafPaths } from '../lib/paths.ts';
import classes from './workshop.module.css';

type TParsed = { schema: Record<string, unknown> } | { error: string };

function parseSchema(text: string): TParsed {
  try {
    const v = JSON.parse(text) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { error: 'The schema must be a JSON object' };
    if (!('properties' in v)) return { error: 'The schema needs "properties": the target fields' };
    return { schema: v as Record<string, unknown> };
  } catch (err) {
    return { error: `Not valid JSON: ${(err as Error).message}` };
  }
}

/**
 * The target schema as JSON. Applying it re-runs the draft: fields that stay keep their mapping,
 * new fields get suggestions; the pipeline's schema changes only when the workshop is deployed.
 */
export function TargetSchemaTab({
  draftSchema,
  text,
  allowed,
  busy,
  error,
  onText,
  onApply,
}: {
  draftSchema: Record<string, unknown>;
  /** the edited text, null when untouched */
  text: string | null;
  allowed: boolean;
  busy: boolean;
  error: string | null;
  onText: (text: string | null) => void;
  onApply: (schema: Record<string, unknown>) => void;
}) {
  const original = useMemo(() => JSON.stringify(draftSchema, null, 2), [draftSchema]);
  const current = text ?? original;
  const parsed = useMemo(() => parseSchema(current), [current]);
  const changes = useMemo(() => {
    if ('error' in parsed) return null;
    const before = schemaLeafPaths(draftSchema);
    const after = schemaLeafPaths(parsed.schema);
    return {
      added: after.filter((p) => !before.includes(p)),
      removed: before.filter((p) => !after.includes(p)),
      count: after.length,
    };
  }, [parsed, draftSchema]);
  const dirty = text !== null && text !== original;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="md">
            Target schema
          </Title>
          <Text size="sm" c="dimmed">
            Add, remove or change fields as JSON Schema. The pipeline's schema changes when you deploy.
          </Text>
        </div>
        <Group gap="sm">
          <Button variant="default" disabled={!dirty || busy} onClick={() => onText(null)}>
            Reset
          </Button>
          <Button
            disabled={!allowed || !dirty || 'error' in parsed}
            loading={busy}
            onClick={() => 'schema' in parsed && onApply(parsed.schema)}
          >
            Apply and re-run
          </Button>
        </Group>
      </Group>
      <div className={classes.schemaLayout}>
        <JsonEditor value={current} onChange={(v) => onText(v)} label="Target schema JSON" height="480px" />
        <Paper withBorder radius="md" p="sm" aria-live="polite">
          {'error' in parsed ? (
            <Text size="sm" c="red.9" role="alert">
              {parsed.error}
            </Text>
          ) : changes && (changes.added.length || changes.removed.length) ? (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                Changes: {plural(changes.count, 'field')} after applying
              </Text>
              {changes.added.map((p) => (
                <Group key={p} gap={6}>
                  <Badge size="sm" color="green" variant="light" tt="none">
                    added
                  </Badge>
                  <Code>{p}</Code>
                </Group>
              ))}
              {changes.removed.map((p) => (
                <Group key={p} gap={6}>
                  <Badge size="sm" color="red" variant="light" tt="none">
                    removed
                  </Badge>
                  <Code>{p}</Code>
                </Group>
              ))}
            </Stack>
          ) : (
            <Group gap={6}>
              <IconInfoCircle size={16} color="var(--mantine-color-gray-6)" aria-hidden />
              <Text size="sm" c="dimmed">
                {dirty
                  ? 'Same fields; types or rules changed.'
                  : `${plural(changes?.count ?? 0, 'field')}, as in the draft.`}
              </Text>
            </Group>
          )}
        </Paper>
      </div>
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={16} />} title="The schema was not applied">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
