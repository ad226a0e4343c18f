import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TImport } from '@mapwright/contracts';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconColumns,
  IconPlayerStop,
  IconSchema,
  IconTable,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useCancelImport } from '../api/cancel-import.ts';
import { useCreateImport } from '../api/create-import.ts';
import { useDeleteImport } from '../api/delete-import.ts';
import { isFinished, useImport } from '../api/import.ts';
import { useInferSchemaFromImport } from '../api/infer-schema.ts';
import { DuplicateRows } from './column-values.tsx';
import { formatBytes, formatCount, formatDate } from './format.ts';
import { ImportColumns } from './import-columns.tsx';
import { ImportProblems } from './import-problems.tsx';
import { ImportStatusBadge } from './import-status-badge.tsx';
import { RowsGrid } from './rows-grid.tsx';

const DELIMITER_NAMES: Record<string, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab', '|': 'pipe' };

export function ImportDetail({ id }: { id: string }) {
  const imp = useImport(id);
  if (imp.isPending) return <LoadingBlock label="Loading import…" />;
  if (imp.isError) return <ErrorBlock error={imp.error} onRetry={() => void imp.refetch()} />;
  return <ImportView imp={imp.data} />;
}

function ImportView({ imp }: { imp: TImport }) {
  const navigate = useNavigate();
  const cancel = useCancelImport();
  const remove = useDeleteImport();
  const infer = useInferSchemaFromImport();
  const reimport = useCreateImport();
  const finished = isFinished(imp.status);
  const detected = (imp.detected ?? {}) as {
    delimiter?: string;
    encoding?: string;
    header?: boolean;
    sheet?: string;
    sheets?: string[];
  };
  const sheets = detected.sheets ?? [];

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete "${imp.name}"?`,
      children: <Text size="sm">Its rows and problems are deleted. The file itself stays.</Text>,
      labels: { confirm: 'Delete import', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(imp.id, {
          onSuccess: () => navigate('/imports'),
          onError: (err) => notifications.show({ color: 'red', title: 'Not deleted', message: err.message }),
        }),
    });

  const createSchema = () =>
    infer.mutate(
      { importId: imp.id, name: imp.name },
      {
        onSuccess: (s) => {
          notifications.show({ color: 'green', message: `Target schema "${s.name}" created.` });
          if (s.id) navigate(`/schemas/${s.id}`);
        },
        onError: (err) =>
          notifications.show({ color: 'red', title: 'No schema created', message: err.message }),
      },
    );

  const importSheet = (sheet: string | null) => {
    if (!sheet || !imp.file_id || sheet === (imp.options.sheet ?? detected.sheet)) return;
    reimport.mutate(
      {
        file_id: imp.file_id,
        file_version_id: imp.file_version_id ?? undefined,
        format: imp.format,
        name: `${imp.name} · ${sheet}`,
        options: { ...imp.options, sheet },
      },
      {
        onSuccess: (next) => navigate(`/imports/${next.id}`),
        onError: (err) => notifications.show({ color: 'red', title: 'Not imported', message: err.message }),
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Imports', to: '/imports' },
        ]}
        title={imp.name}
        badge={<ImportStatusBadge status={imp.status} size="lg" />}
        description={
          <Group gap="xs">
            <Badge variant="outline" color="gray" tt="uppercase">
              {imp.format}
            </Badge>
            <Text size="sm" c="dimmed">
              {formatBytes(imp.bytes_total)} · started {formatDate(imp.created_at)}
              {imp.finished_at ? ` · finished ${formatDate(imp.finished_at)}` : ''}
            </Text>
          </Group>
        }
        actions={
          <>
            {!finished && (
              <Button
                variant="default"
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(imp.id, {
                    onError: (err) =>
                      notifications.show({ color: 'red', title: 'Not cancelled', message: err.message }),
                  })
                }
              >
                Cancel import
              </Button>
            )}
            {imp.status === 'succeeded' && (
              <Button leftSection={<IconSchema size={16} />} loading={infer.isPending} onClick={createSchema}>
                Create target schema from this dataset
              </Button>
            )}
            {finished && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                aria-label="Delete import"
              >
                Delete
              </Button>
            )}
          </>
        }
      />

      {!finished && (
        <Paper withBorder radius="md" p="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600}>{imp.status === 'queued' ? 'Waiting to start…' : 'Reading the file…'}</Text>
              <Text size="sm" c="dimmed" data-testid="rows-so-far">
                {formatCount(imp.row_count)} rows so far
                {imp.problem_count ? ` · ${formatCount(imp.problem_count)} problems` : ''}
              </Text>
            </Group>
            <Progress
              value={Math.round(imp.progress * 100)}
              animated
              striped
              size="lg"
              aria-label="Import progress"
            />
            <Text size="xs" c="dimmed">
              {Math.round(imp.progress * 100)}% · {formatBytes(imp.bytes_read)} of{' '}
              {formatBytes(imp.bytes_total)}
            </Text>
          </Stack>
        </Paper>
      )}

      {imp.status === 'failed' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The import failed" role="alert">
          {imp.error ?? 'No reason was given.'}
        </Alert>
      )}
      {imp.status === 'cancelled' && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="The import was cancelled">
          Its rows were discarded. Start a new import to read the file again.
        </Alert>
      )}

      {imp.status === 'succeeded' && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Rows" value={formatCount(imp.row_count)} />
            <Stat label="Columns" value={formatCount(imp.columns?.length ?? 0)} />
            <Stat
              label="Problems"
              value={formatCount(imp.problem_count)}
              color={imp.problem_count ? 'orange.9' : undefined}
            />
            <Stat label="Detected" value={describeDetected(detected)} />
          </SimpleGrid>
          {sheets.length > 1 && (
            <Select
              label="Sheet"
              description={
                imp.options.sheet
                  ? 'Importing another sheet starts a new import of the same file'
                  : // made elsewhere (a file's Import button, the API) without naming one: say so
                    `This workbook has ${sheets.length} sheets and none was named, so the first was imported; picking another starts a new import of it`
              }
              data={sheets}
              value={imp.options.sheet ?? detected.sheet ?? sheets[0] ?? null}
              onChange={importSheet}
              allowDeselect={false}
              maw={imp.options.sheet ? 320 : 480}
              disabled={reimport.isPending}
            />
          )}
          <Tabs defaultValue="preview" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="preview" leftSection={<IconTable size={16} />}>
                Preview
              </Tabs.Tab>
              <Tabs.Tab value="columns" leftSection={<IconColumns size={16} />}>
                Columns ({imp.columns?.length ?? 0})
              </Tabs.Tab>
              <Tabs.Tab
                value="problems"
                leftSection={<IconAlertTriangle size={16} />}
                color={imp.problem_count ? 'orange' : undefined}
              >
                Problems ({formatCount(imp.problem_count)})
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="preview" pt="md">
              <Stack gap="md">
                <Paper withBorder radius="md" p="sm">
                  <Group gap={6} wrap="wrap">
                    {(imp.columns ?? []).map((c) => (
                      <Badge key={c.path} variant="light" color="gray" tt="none" radius="sm">
                        {c.name}: <b>{c.type}</b>
                      </Badge>
                    ))}
                  </Group>
                </Paper>
                <RowsGrid importId={imp.id} columns={imp.columns ?? []} rowCount={imp.row_count} />
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="columns" pt="md">
              <Stack gap="sm">
                {imp.status === 'succeeded' && <DuplicateRows importId={imp.id} />}
                <Paper withBorder radius="md">
                  <ImportColumns
                    columns={imp.columns ?? []}
                    importId={imp.status === 'succeeded' ? imp.id : undefined}
                  />
                </Paper>
              </Stack>
            </Tabs.Panel>
            <Tabs.Panel value="problems" pt="md">
              <Paper withBorder radius="md" p="sm">
                <ImportProblems importId={imp.id} total={imp.problem_count} />
              </Paper>
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" c={color} truncate="end">
        {value}
      </Text>
    </Paper>
  );
}

function describeDetected(d: { delimiter?: string; encoding?: string; header?: boolean; sheet?: string }) {
  const parts: string[] = [];
  if (d.sheet) parts.push(`sheet ${d.sheet}`);
  if (d.delimiter) parts.push(DELIMITER_NAMES[d.delimiter] ?? d.delimiter);
  if (d.encoding) parts.push(d.encoding);
  if (d.header === false) parts.push('no header');
  return parts.join(' · ') || '—';
}
