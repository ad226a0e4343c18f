import { Alert, Badge, Button, Code, Drawer, Group, Select, Stack, Table, Tabs, Text } from '@mantine/core';
import type { TStream } from '@mapwright/contracts';
import { IconFileImport, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import {
  useCatalogue,
  useCheckConnection,
  useConnection,
  useDeleteConnection,
  useImportStream,
  useStreams,
} from '../api.ts';
import { SyncsPanel } from './syncs-panel.tsx';

/** A connection: its settings, a check, its streams (sources) with schema and sample rows, and its syncs. */
export function ConnectionDrawer({
  connectionId,
  syncId,
  onClose,
  onSync,
}: {
  connectionId: string | null;
  syncId: string | null;
  onClose: () => void;
  onSync: (id: string | null) => void;
}) {
  const conn = useConnection(connectionId);
  const check = useCheckConnection();
  const remove = useDeleteConnection();
  const isSource = conn.data?.role === 'source';
  const [tab, setTab] = useState<string | null>(null);
  const current = syncId ? 'syncs' : (tab ?? (isSource ? 'streams' : 'syncs'));
  const streams = useStreams(connectionId, isSource && current === 'streams');
  const spec = useCatalogue().data?.find((c) => c.type === conn.data?.type);
  /** A picked dataset or file by its name (the spec's choices), anything else as it is. */
  const shown = (key: string, value: unknown) => {
    const prop = (
      spec?.settings.properties as Record<string, { oneOf?: { const: unknown; title: string }[] }>
    )?.[key];
    return prop?.oneOf?.find((o) => o.const === value)?.title ?? String(value);
  };

  return (
    <Drawer
      opened={Boolean(connectionId)}
      onClose={onClose}
      position="right"
      size="xl"
      title={conn.data?.name ?? 'Connection'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {conn.isPending ? (
        <LoadingBlock label="Loading the connection…" />
      ) : conn.isError ? (
        <ErrorBlock error={conn.error} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Badge variant="light">{spec?.title ?? conn.data.type}</Badge>
              <Badge variant="outline" color="gray">
                {conn.data.role}
              </Badge>
              {conn.data.secretFieldsSet.map((f) => (
                <Badge key={f} variant="dot" color="gray">
                  {f} stored
                </Badge>
              ))}
            </Group>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                loading={check.isPending}
                onClick={() => check.mutate(conn.data.id)}
              >
                Check connection
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                loading={remove.isPending}
                onClick={() => remove.mutate(conn.data.id, { onSuccess: onClose })}
              >
                Delete
              </Button>
            </Group>
          </Group>
          {check.data && (
            <Alert
              color={check.data.ok ? 'green' : 'red'}
              title={check.data.ok ? 'Connection works' : 'Connection failed'}
            >
              {check.data.message ?? 'The database accepted the settings.'}
            </Alert>
          )}
          {remove.error && <Alert color="red">{remove.error.message}</Alert>}
          <Text size="sm" c="dimmed">
            Settings:{' '}
            <Code>
              {Object.entries(conn.data.settings)
                .map(([k, v]) => `${k}=${shown(k, v)}`)
                .join('  ')}
            </Code>
          </Text>
          <Tabs
            value={current}
            onChange={(v) => {
              setTab(v);
              onSync(null);
            }}
          >
            <Tabs.List>
              {isSource && <Tabs.Tab value="streams">Streams</Tabs.Tab>}
              <Tabs.Tab value="syncs">Syncs</Tabs.Tab>
            </Tabs.List>
            {isSource && (
              <Tabs.Panel value="streams" pt="md">
                {streams.isPending ? (
                  <LoadingBlock label="Discovering streams…" />
                ) : streams.isError ? (
                  <ErrorBlock error={streams.error} onRetry={() => void streams.refetch()} />
                ) : (
                  <StreamsView connectionId={conn.data.id} streams={streams.data} />
                )}
              </Tabs.Panel>
            )}
            <Tabs.Panel value="syncs" pt="md">
              <SyncsPanel connection={conn.data} syncId={syncId} onSync={onSync} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}

function StreamsView({ connectionId, streams }: { connectionId: string; streams: TStream[] }) {
  const [name, setName] = useState<string | null>(streams[0]?.name ?? null);
  const s = streams.find((x) => x.name === name);
  const bringIn = useImportStream(connectionId);
  const navigate = useNavigate();
  if (!streams.length)
    return <Text c="dimmed">This connection has no tables or views this user can read.</Text>;
  const props = Object.entries((s?.jsonSchema.properties ?? {}) as Record<string, Record<string, unknown>>);
  return (
    <Stack gap="sm">
      <Select
        label="Stream"
        data={streams.map((x) => x.name)}
        value={name}
        onChange={setName}
        searchable
        allowDeselect={false}
      />
      {s && (
        <>
          <Group gap="xs">
            {s.syncModes.map((m) => (
              <Badge key={m} variant="light" color="gray">
                {m.replace('_', ' ')}
              </Badge>
            ))}
            {s.primaryKey && (
              <Badge variant="outline">key: {s.primaryKey.map((k) => k.join('.')).join(', ')}</Badge>
            )}
          </Group>
          <Group justify="space-between" align="center" wrap="nowrap">
            <Text size="sm" c="dimmed">
              Bring every row of this stream in as an import: the workshop maps it like an uploaded file.
            </Text>
            <Button
              size="xs"
              style={{ flexShrink: 0 }}
              leftSection={<IconFileImport size={16} />}
              loading={bringIn.isPending}
              onClick={() => bringIn.mutate(s.name, { onSuccess: (imp) => navigate(`/imports/${imp.id}`) })}
            >
              Use as a pipeline input
            </Button>
          </Group>
          {bringIn.isError && (
            <Alert color="red" title="The stream could not be imported">
              {bringIn.error.message}
            </Alert>
          )}
          <Table.ScrollContainer minWidth={400}>
            <Table withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Cursor</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {props.map(([field, schema]) => (
                  <Table.Tr key={field}>
                    <Table.Td>
                      <Code>{field}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {[schema.type].flat().filter(Boolean).join(' | ') || 'any'}
                        {schema.format ? ` (${String(schema.format)})` : ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {s.cursorFields?.some((c) => c[0] === field) ? <Badge size="xs">cursor</Badge> : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text fw={600} size="sm">
            Sample rows
          </Text>
          {s.sample.length === 0 ? (
            <Text size="sm" c="dimmed">
              The stream is empty.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={500}>
              <Table withTableBorder striped aria-label="Sample rows">
                <Table.Thead>
                  <Table.Tr>
                    {props.map(([f]) => (
                      <Table.Th key={f}>{f}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {s.sample.map((row, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no identity
                    <Table.Tr key={i}>
                      {props.map(([f]) => (
                        <Table.Td key={f}>
                          <Text size="xs">
                            {row[f] === null || row[f] === undefined
                              ? '—'
                              : typeof row[f] === 'object'
                                ? JSON.stringify(row[f])
                                : String(row[f])}
                          </Text>
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </>
      )}
    </Stack>
  );
}
