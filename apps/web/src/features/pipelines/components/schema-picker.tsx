import { Alert, Badge, Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { TTargetSchema } from '@mapwright/contracts';
import { IconAlertCircle, IconRefresh, IconWand } from '@tabler/icons-react';
import { useEffect } from 'react';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { useInferSchema } from '../api/infer-schema.ts';
import { useSchemaChoices } from '../api/target-schemas.ts';
import { formatCount } from '../lib/format.ts';
import { parseTargetSchema, propertyNames } from '../lib/parse-json.ts';
import { inferInputOf, type TSource } from '../lib/source.ts';

export type TSchemaKind = 'infer' | 'existing' | 'paste';
export interface TSchemaDraft {
  kind: TSchemaKind;
  /** JSON text of an inferred (then possibly edited) or pasted schema */
  text: string;
  existing: { id: string; name: string; fields: string[] } | null;
}
export const EMPTY_SCHEMA_DRAFT: TSchemaDraft = { kind: 'infer', text: '', existing: null };

/**
 * Where the target step starts: the organization's own schemas when it has any (the project's
 * newest picked when the wizard came from a project that has one), inferring a copy of the
 * source otherwise.
 */
export function initialSchemaDraft(schemas: TTargetSchema[], projectId?: string | null): TSchemaDraft {
  if (schemas.length === 0) return EMPTY_SCHEMA_DRAFT;
  const own = projectId ? schemas.find((s) => s.project_id === projectId) : undefined;
  return {
    kind: 'existing',
    text: '',
    existing: own ? { id: own.id, name: own.name, fields: propertyNames(own.schema) } : null,
  };
}

/** What POST /pipelines takes as target_schema: an id, or a JSON Schema; null while incomplete. */
export function targetSchemaOf(
  d: TSchemaDraft,
): { value: string | Record<string, unknown>; fields: string[] } | null {
  if (d.kind === 'existing') return d.existing ? { value: d.existing.id, fields: d.existing.fields } : null;
  const p = parseTargetSchema(d.text);
  return p.ok ? { value: p.schema, fields: propertyNames(p.schema) } : null;
}

export function SchemaPicker({
  draft,
  onChange,
  source,
  projectId,
}: {
  draft: TSchemaDraft;
  onChange: (d: TSchemaDraft) => void;
  source: TSource | null;
  /** the project the wizard was opened from: its schemas are listed first */
  projectId?: string | null;
}) {
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Target schema"
        value={draft.kind}
        onChange={(kind) => onChange({ ...draft, kind: kind as TSchemaKind })}
        data={[
          { value: 'existing', label: 'Pick an existing schema' },
          { value: 'infer', label: 'Infer from the source' },
          { value: 'paste', label: 'Paste a JSON Schema' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {draft.kind === 'infer' && <InferredSchema draft={draft} onChange={onChange} source={source} />}
      {draft.kind === 'existing' && (
        <ExistingSchema draft={draft} onChange={onChange} projectId={projectId} />
      )}
      {draft.kind === 'paste' && (
        <SchemaText
          text={draft.text}
          onChange={(text) => onChange({ ...draft, text })}
          label="Target schema (JSON Schema)"
          hint='An object schema: "type": "object" with "properties" and, optionally, "required".'
        />
      )}
    </Stack>
  );
}

function SchemaText({
  text,
  onChange,
  label,
  hint,
}: {
  text: string;
  onChange: (t: string) => void;
  label: string;
  hint: string;
}) {
  const parsed = text.trim() ? parseTargetSchema(text) : null;
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
      <JsonEditor value={text} onChange={onChange} label={label} height="260px" />
      {parsed && !parsed.ok && (
        <Group gap={6} c="red.8" role="alert" wrap="nowrap" align="flex-start">
          <IconAlertCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm">{parsed.error}</Text>
        </Group>
      )}
      {parsed?.ok && <FieldList fields={propertyNames(parsed.schema)} />}
    </Stack>
  );
}

export function FieldList({ fields }: { fields: string[] }) {
  return (
    <Group gap={6} aria-label="Target fields">
      <Text size="sm" c="dimmed">
        {formatCount(fields.length)} target {fields.length === 1 ? 'field' : 'fields'}:
      </Text>
      {fields.slice(0, 24).map((f) => (
        <Badge key={f} variant="light" color="gray" tt="none">
          {f}
        </Badge>
      ))}
      {fields.length > 24 && (
        <Text size="sm" c="dimmed">
          and {formatCount(fields.length - 24)} more
        </Text>
      )}
    </Group>
  );
}

/** Proposed from the source's fields and values; editable before the pipeline saves it. */
function InferredSchema({
  draft,
  onChange,
  source,
}: {
  draft: TSchemaDraft;
  onChange: (d: TSchemaDraft) => void;
  source: TSource | null;
}) {
  const infer = useInferSchema();
  const run = () =>
    source &&
    infer.mutate(inferInputOf(source, 'Inferred schema'), {
      onSuccess: (r) => onChange({ ...draft, text: JSON.stringify(r.schema, null, 2) }),
    });
  // infer once when first shown with a source; "Infer again" redoes it after edits
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival
  useEffect(() => {
    if (source && !draft.text.trim()) run();
  }, []);

  if (!source)
    return (
      <Alert color="gray" title="No source yet">
        Go back one step and give source records to infer a schema from.
      </Alert>
    );
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Field names and types read from the source; edit the JSON to rename, retype or mark fields required.
        </Text>
        <Button
          variant="light"
          size="xs"
          leftSection={draft.text ? <IconRefresh size={14} /> : <IconWand size={14} />}
          onClick={run}
          loading={infer.isPending}
        >
          {draft.text ? 'Infer again' : 'Infer schema'}
        </Button>
      </Group>
      {infer.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not infer a schema" role="alert">
          {infer.error.message}
        </Alert>
      )}
      {infer.isPending && !draft.text ? (
        <Text size="sm" c="dimmed" role="status">
          Reading the source…
        </Text>
      ) : (
        draft.text && (
          <SchemaText
            text={draft.text}
            onChange={(text) => onChange({ ...draft, text })}
            label="Inferred target schema (JSON Schema)"
            hint="The pipeline saves this schema under its own name."
          />
        )
      )}
    </Stack>
  );
}

function ExistingSchema({
  draft,
  onChange,
  projectId,
}: {
  draft: TSchemaDraft;
  onChange: (d: TSchemaDraft) => void;
  projectId?: string | null;
}) {
  // the newest 100 schemas, searched in the dropdown as the user types; the project's first
  const choices = useSchemaChoices('');
  const all = choices.data?.items ?? [];
  const inProject = (s: TTargetSchema) => Boolean(projectId) && s.project_id === projectId;
  const items = [...all.filter(inProject), ...all.filter((s) => !inProject(s))];
  const picked = draft.existing;
  return (
    <Stack gap="sm">
      <Select
        label="Schema"
        placeholder={
          choices.isPending ? 'Loading schemas…' : items.length ? 'Type to search by name' : 'No schemas yet'
        }
        searchable
        value={picked?.id ?? null}
        onChange={(id) => {
          const s = items.find((x) => x.id === id);
          onChange({
            ...draft,
            existing: s ? { id: s.id, name: s.name, fields: propertyNames(s.schema) } : null,
          });
        }}
        data={items.map((s) => ({
          value: s.id,
          label: `${s.name} · ${formatCount(propertyNames(s.schema).length)} fields · v${s.version}${inProject(s) ? ' · this project' : ''}`,
        }))}
        nothingFoundMessage="No schema has that name"
        error={choices.error?.message}
      />
      {!choices.isPending && all.length === 0 && (
        <Text size="sm" c="dimmed">
          This organization has no target schema yet: infer one from the source or paste one.
        </Text>
      )}
      {picked && <FieldList fields={picked.fields} />}
    </Stack>
  );
}
