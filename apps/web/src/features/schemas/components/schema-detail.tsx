import { Alert, Anchor, Badge, Button, Group, List, Paper, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import type { TTargetSchema } from '@mapwright/contracts';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconBraces,
  IconCircleCheck,
  IconDeviceFloppy,
  IconFileAlert,
  IconHistory,
  IconListTree,
  IconSchema,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useDeleteTargetSchema } from '../api/delete-target-schema.ts';
import { useSchemaUsage } from '../api/schema-usage.ts';
import type { TSchemaVersion } from '../api/schema-versions.ts';
import { targetSchemaKey, useTargetSchema } from '../api/target-schema.ts';
import { useUpdateTargetSchema } from '../api/update-target-schema.ts';
import { useSchemaDraft } from '../hooks/use-schema-draft.ts';
import { downloadText } from '../lib/download.ts';
import { notify } from '../lib/notify.ts';
import { parseJson } from '../lib/parse-json.ts';
import { countFields, exportFileName, formatSchema, schemaForSave } from '../lib/schema-draft.ts';
import './styles.ts';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { FieldTreeEditor } from './field-tree-editor.tsx';
import { SchemaHeader } from './schema-header.tsx';
import { SchemaVersions } from './schema-versions.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

type TJson = Record<string, unknown>;
type TTab = 'fields' | 'json' | 'versions';
const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

export function SchemaDetail({ id }: { id: string }) {
  const schema = useTargetSchema(id);
  if (schema.isPending) return <LoadingBlock label="Loading schema…" />;
  if (schema.isError) {
    if (schema.error instanceof ApiError && schema.error.status === 404)
      return (
        <EmptyBlock icon={<IconSchema size={22} />} title="Schema not found">
          It may have been deleted, or the link is wrong.{' '}
          <Anchor component={Link} to="/schemas">
            Back to all schemas
          </Anchor>
        </EmptyBlock>
      );
    return <ErrorBlock error={schema.error} onRetry={() => void schema.refetch()} />;
  }
  return <SchemaDetailView schema={schema.data} />;
}

function SchemaDetailView({ schema }: { schema: TTargetSchema }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const update = useUpdateTargetSchema();
  const remove = useDeleteTargetSchema();
  const usage = useSchemaUsage(schema.id, true);
  const d = useSchemaDraft(schema.schema);
  const [tab, setTab] = useState<TTab>('fields');
  const [importError, setImportError] = useState<string | null>(null);
  // "Go to the JSON" opens the editor with the cursor on the parse error
  const [jumpToError, setJumpToError] = useState(false);
  const leaving = useRef(false);
  const { draft, dirty } = d;
  const blocked = draft.textError !== null || d.localProblems > 0;

  const save = () => {
    const body = schemaForSave(draft);
    if (!dirty || blocked || !body || update.isPending) return;
    update.mutate(
      { id: schema.id, schema: body },
      {
        onSuccess: (stored) => {
          d.saved(stored.schema);
          notify({
            color: 'green',
            title: 'Schema saved',
            message: `Saved as version ${stored.version}`,
          });
        },
        onError: (err) => {
          if (err instanceof ApiError && Array.isArray(err.detail)) d.rejected(err.detail);
          else notify({ color: 'red', title: 'Not saved', message: err.message });
        },
      },
    );
  };
  useHotkeys([['mod+S', save, { preventDefault: true }]], [], true);

  /** Replaces the draft, asking first when that would throw unsaved edits away. */
  const replaceDraft = (next: TJson, what: string, done: string) => {
    const apply = () => {
      d.load(next);
      setImportError(null);
      setTab('fields');
      notify({
        color: 'blue',
        title: done,
        message: 'Review it, then save to make it a new version.',
      });
    };
    if (!dirty) return apply();
    modals.openConfirmModal({
      title: 'Replace your unsaved changes?',
      children: <Text size="sm">{what} replaces the changes you have not saved yet.</Text>,
      labels: { confirm: 'Replace them', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: apply,
    });
  };

  const importFile = async (file: File) => {
    setImportError(null);
    if (file.size > MAX_IMPORT_BYTES) return setImportError(`${file.name} is larger than 5 MB.`);
    const parsed = parseJson(await file.text());
    if (!parsed.ok) return setImportError(`${file.name} is not valid JSON: ${parsed.error}`);
    const v = parsed.value;
    if (v === null || typeof v !== 'object' || Array.isArray(v))
      return setImportError(
        `${file.name} holds ${Array.isArray(v) ? 'an array' : v === null ? 'null' : `a ${typeof v}`}, not a JSON Schema object.`,
      );
    replaceDraft(v as TJson, `Importing ${file.name}`, `Loaded ${file.name}`);
  };

  const restore = (v: TSchemaVersion) =>
    replaceDraft(v.schema, `Restoring version ${v.version}`, `Version ${v.version} is in the editor`);

  const discard = () =>
    modals.openConfirmModal({
      title: 'Discard your changes?',
      children: <Text size="sm">The editor goes back to the saved version {schema.version}.</Text>,
      labels: { confirm: 'Discard changes', cancel: 'Keep editing' },
      confirmProps: { color: 'red' },
      onConfirm: () => d.load(schema.schema),
    });

  const exportJson = () => {
    downloadText(exportFileName(schema.name), `${formatSchema(schema.schema)}\n`);
  };

  const confirmDelete = () => {
    const users = usage.data?.pipelines ?? [];
    if (users.length > 0) {
      modals.open({
        title: `"${schema.name}" is in use`,
        children: (
          <Stack gap="sm">
            <Text size="sm">
              {users.length === 1 ? 'A pipeline maps' : `${users.length} pipelines map`} into this schema.
              Point {users.length === 1 ? 'it' : 'them'} at another schema or delete{' '}
              {users.length === 1 ? 'it' : 'them'} first:
            </Text>
            <List size="sm">
              {users.map((p) => (
                <List.Item key={p.id}>
                  {/* modals render outside the router: navigate by hand rather than with <Link> */}
                  <Anchor
                    href={`/pipelines/${p.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      modals.closeAll();
                      navigate(`/pipelines/${p.id}`);
                    }}
                  >
                    {p.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => modals.closeAll()}>
                Close
              </Button>
            </Group>
          </Stack>
        ),
      });
      return;
    }
    modals.openConfirmModal({
      title: `Delete "${schema.name}"?`,
      children: (
        <Text size="sm">
          The schema and all {schema.version} of its versions are deleted. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete schema', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(schema.id, {
          onSuccess: () => {
            leaving.current = true;
            notify({ color: 'green', message: `Schema "${schema.name}" deleted.` });
            navigate('/schemas');
            qc.removeQueries({ queryKey: targetSchemaKey(schema.id) });
          },
          onError: (err) => notify({ color: 'red', title: 'Not deleted', message: err.message }),
        }),
    });
  };

  const fieldCount = countFields(draft.tree.fields);
  const showIssues = d.serverIssues.length > 0 || (tab === 'json' && d.localProblems > 0);

  return (
    <Stack gap="lg">
      <SchemaHeader
        schema={schema}
        onImportFile={(f) => void importFile(f)}
        onExport={exportJson}
        onDelete={confirmDelete}
      />

      {importError && (
        <Alert
          color="red"
          icon={<IconFileAlert size={18} />}
          title="Not imported"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setImportError(null)}
        >
          {importError}
        </Alert>
      )}

      <SaveBar
        dirty={dirty}
        version={schema.version}
        textError={draft.textError !== null}
        problems={d.localProblems}
        saving={update.isPending}
        onSave={save}
        onDiscard={discard}
      />

      {showIssues && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={d.serverIssues.length ? 'Not saved: the schema has problems' : 'Fix these before saving'}
          role="alert"
        >
          <List size="sm" spacing={2}>
            {d.issues.lines.map((l) => (
              <List.Item key={l}>{l}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Tabs
        value={tab}
        onChange={(v) => {
          if (!v) return;
          setTab(v as TTab);
          setJumpToError(false);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="fields" leftSection={<IconListTree size={16} />}>
            Fields ({fieldCount})
          </Tabs.Tab>
          <Tabs.Tab
            value="json"
            leftSection={<IconBraces size={16} />}
            color={draft.textError ? 'red' : undefined}
            rightSection={
              draft.textError ? (
                <Badge size="xs" color="red.9" variant="filled">
                  error
                </Badge>
              ) : undefined
            }
          >
            JSON
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconHistory size={16} />}>
            Versions ({schema.version})
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="fields" pt="md">
          {draft.textError ? (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title="The JSON has an error"
              role="alert"
            >
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  {draft.textError.error}. Fix it in the JSON tab, or discard your changes, to edit the fields
                  here.
                </Text>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  onClick={() => {
                    setTab('json');
                    setJumpToError(true);
                  }}
                >
                  Go to the JSON
                </Button>
              </Stack>
            </Alert>
          ) : (
            <Paper withBorder radius="md" p="md">
              <FieldTreeEditor tree={draft.tree} onChange={d.setTree} issues={d.issues.byField} />
            </Paper>
          )}
        </Tabs.Panel>

        <Tabs.Panel value="json" pt="md">
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              The same schema as JSON Schema. Edits here and in Fields stay in step; keywords the field editor
              does not show ($schema, title, formats, …) are kept.
            </Text>
            {/* one line that is always there, so the editor does not jump while the text is mid-edit */}
            <Group gap={6} wrap="nowrap" mih={22} aria-live="polite">
              {draft.textError ? (
                <>
                  <IconAlertCircle size={16} color="var(--mantine-color-red-8)" aria-hidden />
                  <Text size="sm" c="red.8" fw={500}>
                    Invalid JSON: {draft.textError.error}
                  </Text>
                </>
              ) : (
                <>
                  <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
                  <Text size="sm" c="dimmed">
                    Valid JSON
                  </Text>
                </>
              )}
            </Group>
            <JsonEditor
              value={draft.text}
              onChange={d.setText}
              label="Schema JSON"
              height="560px"
              focusAt={
                jumpToError && draft.textError?.line
                  ? { line: draft.textError.line, column: draft.textError.column ?? 1 }
                  : null
              }
            />
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="versions" pt="md">
          <SchemaVersions id={schema.id} current={schema.version} onRestore={restore} />
        </Tabs.Panel>
      </Tabs>

      <UnsavedChangesGuard when={dirty} allow={() => leaving.current} />
    </Stack>
  );
}

function SaveBar({
  dirty,
  version,
  textError,
  problems,
  saving,
  onSave,
  onDiscard,
}: {
  dirty: boolean;
  version: number;
  textError: boolean;
  problems: number;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const why = textError
    ? 'Fix the JSON error to save'
    : problems
      ? `Fix ${problems === 1 ? 'the field problem' : `${problems} field problems`} to save`
      : null;
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      bg={dirty ? 'var(--mantine-color-yellow-light)' : undefined}
      style={{ position: 'sticky', top: 64, zIndex: 5 }}
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" aria-live="polite">
          {dirty ? (
            <>
              <Badge color="orange" variant="dot" size="lg" tt="none">
                Unsaved changes
              </Badge>
              {why && (
                <Text size="sm" c="red.8">
                  {why}
                </Text>
              )}
            </>
          ) : (
            <Text size="sm" c="dimmed">
              All changes saved · version {version}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            onClick={onDiscard}
            disabled={!dirty || saving}
          >
            Discard
          </Button>
          <Tooltip label="Save as a new version (Ctrl+S)" withArrow>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={onSave}
              disabled={!dirty || why !== null}
              loading={saving}
              aria-keyshortcuts="Control+S Meta+S"
            >
              Save
            </Button>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
