import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/http.ts';
import { useCreateTargetSchema } from '../api/create-target-schema.ts';
import { useInferTargetSchema } from '../api/infer-schema.ts';
import { useImportChoices } from '../api/succeeded-imports.ts';
import { parseJson, parseRecords } from '../lib/parse-json.ts';

export type TCreateMode = 'blank' | 'import' | 'records' | 'file';
const TITLES: Record<TCreateMode, string> = {
  blank: 'New blank schema',
  import: 'Infer a schema from a dataset',
  records: 'Infer a schema from sample JSON',
  file: 'Import a JSON Schema file',
};
const SAMPLE = '[\n  { "id": 1, "name": "Ada", "joined": "2024-03-01" }\n]';

export function CreateSchemaModal({ mode, onClose }: { mode: TCreateMode | null; onClose: () => void }) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode ? TITLES[mode] : ''} size="lg">
      {mode && <CreateSchemaForm key={mode} mode={mode} onClose={onClose} />}
    </Modal>
  );
}

/** 422 answers name the field: show them as "schema.properties.x: msg" so the cause is clear. */
const describe = (err: Error) =>
  err instanceof ApiError && Array.isArray(err.detail)
    ? err.detail
        .map((d) => {
          const at = (d.loc ?? []).filter((p) => p !== 'body').join('.');
          return at ? `${at}: ${d.msg}` : d.msg;
        })
        .join('\n')
    : err.message;

function CreateSchemaForm({ mode, onClose }: { mode: TCreateMode; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateTargetSchema();
  const infer = useInferTargetSchema();
  const imports = useImportChoices(mode === 'import');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [text, setText] = useState(mode === 'records' ? SAMPLE : '');
  const [file, setFile] = useState<File | null>(null);
  const [inputError, setInputError] = useState<string | null>(null);
  const busy = create.isPending || infer.isPending;
  const serverError = create.error ?? infer.error;

  const open = (id: string | null) => {
    onClose();
    if (id) navigate(`/schemas/${id}`);
  };

  const submit = async () => {
    setInputError(null);
    const trimmed = name.trim();
    if (!trimmed && mode !== 'file') {
      setNameError('Give the schema a name');
      return;
    }
    if (mode === 'blank') {
      create.mutate(
        { name: trimmed, schema: { type: 'object', properties: {} } },
        { onSuccess: (s) => open(s.id) },
      );
    } else if (mode === 'import') {
      if (!importId) return setInputError('Pick a dataset');
      infer.mutate({ name: trimmed, import_id: importId, save: true }, { onSuccess: (s) => open(s.id) });
    } else if (mode === 'records') {
      const parsed = parseRecords(text);
      if (!parsed.ok) return setInputError(parsed.error);
      infer.mutate({ name: trimmed, records: parsed.records, save: true }, { onSuccess: (s) => open(s.id) });
    } else {
      if (!file) return setInputError('Choose a .json file');
      if (file.size > 5 * 1024 * 1024) return setInputError('The file is larger than 5 MB');
      const parsed = parseJson(await file.text());
      if (!parsed.ok) return setInputError(`${file.name} is not valid JSON: ${parsed.error}`);
      const schemaName = trimmed || file.name.replace(/\.json$/i, '');
      const v = parsed.value;
      if (Array.isArray(v)) {
        const recs = parseRecords(JSON.stringify(v));
        if (!recs.ok) return setInputError(`${file.name}: ${recs.error}`);
        infer.mutate(
          { name: schemaName, records: recs.records, save: true },
          { onSuccess: (s) => open(s.id) },
        );
      } else if (v && typeof v === 'object') {
        create.mutate(
          { name: schemaName, filename: file.name, schema: v as Record<string, unknown> },
          { onSuccess: (s) => open(s.id) },
        );
      } else {
        setInputError(
          `${file.name} holds a JSON ${v === null ? 'null' : typeof v}, not a JSON Schema object`,
        );
      }
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          description={mode === 'file' ? "Defaults to the file's name" : undefined}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          withAsterisk={mode !== 'file'}
          maxLength={200}
          data-autofocus
        />
        {mode === 'import' && (
          <Select
            label="Dataset"
            placeholder={imports.isPending ? 'Loading imports…' : 'Pick a finished import'}
            data={(imports.data ?? []).map((i) => ({
              value: i.id,
              label: `${i.name} · ${i.row_count.toLocaleString()} rows`,
            }))}
            value={importId}
            onChange={(v) => {
              setImportId(v);
              if (v && !name) setName(imports.data?.find((i) => i.id === v)?.name ?? '');
            }}
            searchable
            nothingFoundMessage="No finished import — import a file first"
            withAsterisk
          />
        )}
        {mode === 'records' && (
          <Textarea
            label="Sample records"
            description="A JSON array of objects, one object, or JSON Lines"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={18}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
            spellCheck={false}
          />
        )}
        {mode === 'file' && (
          <FileInput
            label="JSON file"
            description="A JSON Schema (an object with properties), or an array of sample records"
            accept="application/json,.json"
            value={file}
            onChange={setFile}
            leftSection={<IconFileUpload size={16} />}
            placeholder="Choose a .json file"
            clearable
            withAsterisk
          />
        )}
        {mode === 'blank' && (
          <Text size="sm" c="dimmed">
            Starts with no fields. Add them in the editor.
          </Text>
        )}
        {(inputError || serverError) && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not created">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {inputError ?? (serverError ? describe(serverError) : '')}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {mode === 'blank' || mode === 'file' ? 'Create schema' : 'Infer and save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
