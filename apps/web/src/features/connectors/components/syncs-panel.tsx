import { Alert, Anchor, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TConnection, TSync, TSyncRun } from '@mapwright/contracts';
import { IconArrowLeft, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { isActive, useCancelRun, useRunSync, useSyncRuns, useSyncs } from '../api.ts';
import { NewSyncModal } from './new-sync-modal.tsx';
import { RejectedRecords } from './rejected-records.tsx';
import { SyncStatusBadge } from './status-badge.tsx';

const n = (v: number) => v.toLocaleString('en-US');
const bytes = (v: number) =>
  v > 1e6 ? `${(v / 1e6).toFixed(1)} MB` : v > 1e3 ? `${(v / 1e3).toFixed(1)} kB` : `${v} B`;
const duration = (ms: number | null) =>
  ms === null ? '—' : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The syncs reading or writing a connection; one of them opened (`?sync=`) with its runs. */
export function SyncsPanel({
  connection,
  syncId,
  onSync,
}: {
  connection: TConnection;
  syncId: string | null;
  onSync: (id: string | null) => void;
}) {
  const syncs = useSyncs(connection.id);
  const [creating, setCreating] = useState(false);
  if (syncs.isPending) return <LoadingBlock label="Loading syncs…" />;
  if (syncs.isError) return <ErrorBlock error={syncs.error} onRetry={() => void syncs.refetch()} />;
  const open = syncs.data.find((s) => s.id === syncId);
  if (open) return <SyncView sync={open} onBack={() => onSync(null)} />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {syncs.data.length
            ? `${syncs.data.length} sync${syncs.data.length > 1 ? 's' : ''}`
            : 'No syncs use this connection yet.'}
        </Text>
        {connection.role === 'source' && (
          <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
            New sync
          </Button>
        )}
      </Group>
      {syncs.data.length > 0 && (
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sync</Table.Th>
              <Table.Th>Mode</Table.Th>
              <Table.Th>Last run</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {syncs.data.map((s) => (
              <Table.Tr key={s.id}>
                <Table.Td>
                  <Anchor component="button" type="button" onClick={() => onSync(s.id)}>
                    {s.name}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {s.streams[0]?.syncMode.replace('_', ' ')}, {s.writeMode}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {s.lastRun ? (
                    <SyncStatusBadge status={s.lastRun.status} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      never
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {creating && (
        <NewSyncModal
          source={connection}
          onClose={() => setCreating(false)}
          onCreated={(s) => {
            setCreating(false);
            onSync(s.id);
          }}
        />
      )}
    </Stack>
  );
}

function SyncView({ sync, onBack }: { sync: TSync; onBack: () => void }) {
  const runs = useSyncRuns(sync.id);
  const run = useRunSync();
  const cancel = useCancelRun();
  const active = runs.data?.find((r) => isActive(r));
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Button variant="subtle" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
          All syncs
        </Button>
        <Group gap="xs">
          {active && (
            <Button
              size="xs"
              variant="default"
              color="red"
              loading={cancel.isPending}
              onClick={() => cancel.mutate({ syncId: sync.id, runId: active.id })}
            >
              Cancel run
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={Boolean(active)}
            loading={run.isPending}
            onClick={() => run.mutate(sync.id)}
          >
            Run now
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="sm" radius="md">
        <Text fw={600}>{sync.name}</Text>
        <Text size="sm" c="dimmed">
          {sync.streams.map((s) => `${s.name} → ${s.destination}`).join(', ')} ·{' '}
          {sync.streams[0]?.syncMode.replace('_', ' ')} · {sync.writeMode}
          {sync.pipelineId ? ' · through a pipeline' : ''}
          {sync.schedule ? ` · schedule ${sync.schedule} (UTC)` : ' · manual'}
        </Text>
      </Paper>
      {run.error && <Alert color="red">{run.error.message}</Alert>}
      {active && <LiveProgress run={active} />}
      {runs.isPending ? (
        <LoadingBlock label="Loading runs…" />
      ) : runs.isError ? (
        <ErrorBlock error={runs.error} />
      ) : runs.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No runs yet: press Run now.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Run history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Started</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Read</Table.Th>
                <Table.Th>Written</Table.Th>
                <Table.Th>Rejected</Table.Th>
                <Table.Th>Bytes</Table.Th>
                <Table.Th>Duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {runs.data.map((r) => (
                <RunRow key={r.id} run={r} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function LiveProgress({ run }: { run: TSyncRun }) {
  return (
    <Alert color="blue" title={run.status === 'queued' ? 'Waiting for a worker…' : 'Syncing…'}>
      <Text size="sm" aria-live="polite">
        {n(run.rowsRead)} rows read, {n(run.rowsWritten)} written, {n(run.rowsRejected)} rejected (
        {bytes(run.bytes)})
      </Text>
    </Alert>
  );
}

function RunRow({ run }: { run: TSyncRun }) {
  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Text size="sm">{new Date(run.startedAt ?? run.createdAt).toLocaleString()}</Text>
        </Table.Td>
        <Table.Td>
          <SyncStatusBadge status={run.status} />
        </Table.Td>
        <Table.Td>{n(run.rowsRead)}</Table.Td>
        <Table.Td>{n(run.rowsWritten)}</Table.Td>
        <Table.Td>{n(run.rowsRejected)}</Table.Td>
        <Table.Td>{bytes(run.bytes)}</Table.Td>
        <Table.Td>{duration(run.durationMs)}</Table.Td>
      </Table.Tr>
      {run.rowsRejected > 0 && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <RejectedRecords run={run} />
          </Table.Td>
        </Table.Tr>
      )}
      {run.error && run.status !== 'cancelled' && (
        <Table.Tr>
          <Table.Td colSpan={7}>
            <Text size="sm" c="red.8">
              {run.error}
            </Text>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
