import {
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type TMigrationFile, type TMigrationPlan, ZMigrationFile } from '@mapwright/contracts';
import { IconAlertCircle, IconDownload, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { exportDefinitions, importDefinitions, type TImportBody } from '../api/migrate.ts';
import { PlanView } from './plan-view.tsx';

function ExportPanel() {
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const file = await exportDefinitions();
      const url = URL.createObjectURL(
        new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }),
      );
      const a = document.createElement('a');
      a.href = url;
      a.download = `mapwright-export-${file.exported_at.slice(0, 10)}.json`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      notifications.show({
        color: 'teal',
        title: 'Export ready',
        message: `${file.pipelines.length} pipelines, ${file.target_schemas.length} target schemas, ${file.workflows.length} workflows`,
      });
    } catch (err) {
      notifications.show({ color: 'red', title: 'Export failed', message: (err as Error).message });
    } finally {
      setPending(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs" align="flex-start">
        <Title order={2} fz="md">
          Export from this workspace
        </Title>
        <Text size="sm" c="dimmed">
          One JSON file with every pipeline, target schema, mapper version and workflow. Data and secrets are
          not included.
        </Text>
        <Button leftSection={<IconDownload size={16} />} onClick={run} loading={pending}>
          Download export
        </Button>
      </Stack>
    </Paper>
  );
}

/** Reads an export file in the browser, so a wrong file is explained before anything is sent. */
async function readExport(f: File): Promise<TMigrationFile> {
  let json: unknown;
  try {
    json = JSON.parse(await f.text());
  } catch {
    throw new Error(`${f.name} is not JSON`);
  }
  const parsed = ZMigrationFile.safeParse(json);
  if (!parsed.success) throw new Error(`${f.name} is not a Mapwright export file`);
  return parsed.data;
}

function ImportPanel() {
  const [mode, setMode] = useState<'file' | 'api'>('file');
  const [file, setFile] = useState<{ name: string; data: TMigrationFile } | null>(null);
  const [url, setUrl] = useState('');
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [plan, setPlan] = useState<TMigrationPlan | null>(null);
  const [pending, setPending] = useState<'dry' | 'import' | null>(null);
  const body: TImportBody | null =
    mode === 'file'
      ? file
        ? { file: file.data }
        : null
      : url && key
        ? { source: { url, api_key: key } }
        : null;

  const pick = async (f: File | null) => {
    setPlan(null);
    setError(null);
    if (!f) return;
    try {
      setFile({ name: f.name, data: await readExport(f) });
    } catch (err) {
      setFile(null);
      setError((err as Error).message);
    }
  };
  const run = async (dry: boolean) => {
    if (!body) return;
    setPending(dry ? 'dry' : 'import');
    setError(null);
    try {
      setPlan(await importDefinitions(body, dry));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPending(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <div>
          <Title order={2} fz="md">
            Import into this workspace
          </Title>
          <Text size="sm" c="dimmed">
            From another Mapwright instance’s export file, or pulled from a Lume-compatible API with its key.
            Check first with a dry run; the import itself is all or nothing.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Import from"
          value={mode}
          onChange={(v) => {
            setMode(v as 'file' | 'api');
            setPlan(null);
            setError(null);
          }}
          data={[
            { value: 'file', label: 'Export file' },
            { value: 'api', label: 'Lume-compatible API' },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {mode === 'file' ? (
          <Group gap="sm">
            <FileButton onChange={pick} accept="application/json,.json">
              {(props) => (
                <Button variant="default" leftSection={<IconUpload size={16} />} {...props}>
                  Choose export file
                </Button>
              )}
            </FileButton>
            <Text size="sm" c={file ? undefined : 'dimmed'}>
              {file
                ? `${file.name}: ${file.data.pipelines.length} pipelines, ${file.data.target_schemas.length} schemas, ${file.data.workflows.length} workflows`
                : 'No file chosen'}
            </Text>
          </Group>
        ) : (
          <Group grow align="flex-start" maw={720}>
            <TextInput
              label="API address"
              placeholder="https://old.example.com"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
            <PasswordInput label="API key" value={key} onChange={(e) => setKey(e.currentTarget.value)} />
          </Group>
        )}
        {error && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            role="alert"
            title="Could not read the import"
          >
            {error}
          </Alert>
        )}
        <Group gap="sm">
          <Button variant="light" disabled={!body} loading={pending === 'dry'} onClick={() => run(true)}>
            Dry run
          </Button>
          <Button
            disabled={!body || !plan?.dry_run || plan.clashes.length > 0}
            loading={pending === 'import'}
            onClick={() => run(false)}
          >
            Import
          </Button>
          {!plan && body && (
            <Text size="xs" c="dimmed">
              A dry run comes first: it shows what will be created.
            </Text>
          )}
        </Group>
        {plan && <PlanView plan={plan} />}
      </Stack>
    </Paper>
  );
}

/** /migrate: move definitions between instances. */
export function MigratePage() {
  return (
    <Stack gap="lg" maw={960}>
      <PageHeader
        crumbs={[{ label: 'Migrate' }]}
        title="Migrate"
        description="Move pipelines, target schemas, mapper versions and workflows between workspaces."
      />
      <ExportPanel />
      <ImportPanel />
    </Stack>
  );
}
