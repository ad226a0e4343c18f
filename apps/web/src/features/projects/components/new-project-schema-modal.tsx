import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useCreateProjectSchema, useProjectDatasetChoices } from '../api/create-in-project.ts';
import { describeError } from '../lib/errors.ts';
import { notify } from './notify.ts';

type TFrom = 'import' | 'blank';

/**
 * "New schema" on a project's Schemas tab: inferred from one of the project's finished imports,
 * or blank; either way it is created in the project and shows on the tab.
 */
export function NewProjectSchemaModal({
  projectId,
  opened,
  onClose,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New schema in this project" size="md">
      {opened && <NewSchemaForm projectId={projectId} onClose={onClose} />}
    </Modal>
  );
}

function NewSchemaForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const datasets = useProjectDatasetChoices(projectId, true);
  const create = useCreateProjectSchema();
  const [from, setFrom] = useState<TFrom | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const items = datasets.data ?? [];
  // from the project's data when it has any; blank otherwise
  const mode: TFrom = from ?? (items.length > 0 ? 'import' : 'blank');

  // one dataset: nothing to choose
  useEffect(() => {
    if (items.length === 1 && !importId && items[0]) {
      setImportId(items[0].id);
      setName((n) => n || items[0]!.name);
    }
  }, [items, importId]);

  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Give the schema a name');
    if (mode === 'import' && !importId) return setImportError('Pick a dataset');
    create.mutate(
      mode === 'import' && importId
        ? { project_id: projectId, name: trimmed, from: 'import', import_id: importId }
        : { project_id: projectId, name: trimmed, from: 'blank' },
      {
        onSuccess: (s) => {
          onClose();
          notify({ color: 'green', message: `Schema "${s.name}" created in this project.` });
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          withAsterisk
          maxLength={200}
          data-autofocus
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="schema-start">
            Start from
          </Text>
          <SegmentedControl
            aria-labelledby="schema-start"
            value={mode}
            onChange={(v) => setFrom(v as TFrom)}
            data={[
              { value: 'import', label: 'A dataset of this project', disabled: items.length === 0 },
              { value: 'blank', label: 'No fields' },
            ]}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        {mode === 'import' ? (
          <Select
            label="Dataset"
            description="Fields, types and value lists are read from its rows"
            placeholder="Pick a finished import"
            data={items.map((i) => ({
              value: i.id,
              label: `${i.name} · ${i.row_count.toLocaleString()} rows`,
            }))}
            value={importId}
            onChange={(v) => {
              setImportId(v);
              setImportError(null);
              if (v && !name) setName(items.find((i) => i.id === v)?.name ?? '');
            }}
            searchable
            nothingFoundMessage="No dataset has that name"
            error={importError}
            withAsterisk
          />
        ) : (
          <Text size="sm" c="dimmed">
            {datasets.isPending
              ? 'Looking for this project’s datasets…'
              : items.length === 0
                ? 'This project has no finished import to read fields from: the schema starts empty; add fields in its editor.'
                : 'The schema starts empty; add fields in its editor.'}
          </Text>
        )}
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not created">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {describeError(create.error)}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            {mode === 'import' ? 'Infer and save' : 'Create schema'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
