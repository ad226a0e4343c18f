import {
  Alert,
  Badge,
  Button,
  Chip,
  Divider,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TWorkflow, TWorkflowRun, TWorkflowVersion } from '@mapwright/contracts';
import { IconPlayerPlay } from '@tabler/icons-react';
import { TimeZoneSelect } from '../../../../components/ui/time-zone-select.tsx';
import { formatInZone, SCHEDULE_PRESETS, scheduleInWords } from '../../../../lib/schedule-words.ts';
import { getWorkflowRun, useStartRun, useWorkflowRuns } from '../../api/runs.ts';
import type { TSettings } from '../../hooks/use-builder.ts';
import { formatDuration, formatRelative, triggerLabel } from '../../lib/run-management.ts';
import { setShownRun } from '../../stores/test-runs-store.ts';
import { RunStatusBadge } from '../runs-status-badge.tsx';
import { VersionsList } from './versions-list.tsx';

function RunsList({
  workflowId,
  shownRunId,
  active,
}: {
  workflowId: string;
  shownRunId: string | null;
  active: boolean;
}) {
  const runs = useWorkflowRuns({ workflowId, size: 10, poll: active });
  const items = runs.data?.items ?? [];
  async function show(id: string) {
    try {
      setShownRun(workflowId, await getWorkflowRun(id));
    } catch (e) {
      notifications.show({ color: 'red', message: (e as Error).message });
    }
  }
  if (runs.isLoading)
    return (
      <Text size="sm" c="dimmed">
        Loading runs…
      </Text>
    );
  if (items.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No runs yet. Test-run the workflow, run it now, or turn it on to run on its schedule.
      </Text>
    );
  return (
    <Stack
      component="ul"
      gap={4}
      aria-label="Runs of this workflow"
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {items.map((r) => (
        <li key={r.id}>
          <UnstyledButton
            w="100%"
            onClick={() => show(r.id)}
            aria-current={r.id === shownRunId ? 'true' : undefined}
            title={r.error ?? `Show this run's data on the canvas`}
            style={{
              padding: '4px 6px',
              borderRadius: 6,
              background: r.id === shownRunId ? 'var(--mantine-color-blue-0)' : undefined,
            }}
          >
            <Group gap={6} wrap="nowrap">
              <RunStatusBadge status={r.status} size="xs" />
              <Text size="xs" style={{ flex: 1 }} truncate>
                {triggerLabel(r.trigger)} · {formatRelative(r.scheduledFor ?? r.createdAt)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDuration(r.durationMs)}
              </Text>
            </Group>
          </UnstyledButton>
        </li>
      ))}
    </Stack>
  );
}

/** With no node selected: the workflow's schedule, whether it is on, and its runs. */
export function WorkflowPanel({
  saved,
  settings,
  onSettings,
  dirty,
  busy,
  shownRun,
  onActive,
  onOpenVersion,
}: {
  saved: TWorkflow | undefined;
  settings: TSettings;
  onSettings: (s: TSettings) => void;
  dirty: boolean;
  busy: boolean;
  shownRun: TWorkflowRun | null;
  onActive: (on: boolean) => void;
  onOpenVersion: (v: TWorkflowVersion) => void;
}) {
  const words = scheduleInWords(settings.syncFrequency);
  const start = useStartRun();
  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between">
        <Text fw={600}>Workflow</Text>
        {saved && (
          <Group gap={4}>
            <Badge variant="light" color={saved.isComplete ? 'blue' : 'gray'}>
              {saved.isComplete ? 'Complete' : 'Draft'}
            </Badge>
            <Badge variant="outline" color="gray">
              v{saved.version}
            </Badge>
          </Group>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        Select a node to edit it. Add endpoints from the palette; they run top to bottom and end in the final
        node.
      </Text>
      <Divider label="Schedule" labelPosition="left" />
      <TextInput
        size="xs"
        label="Runs on (cron)"
        value={settings.syncFrequency}
        onChange={(e) => onSettings({ ...settings, syncFrequency: e.currentTarget.value })}
        description={words.text ?? undefined}
        error={words.error ?? undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Chip.Group>
        <Group gap={4}>
          {SCHEDULE_PRESETS.map((p) => (
            <Chip
              key={p.cron}
              size="xs"
              checked={settings.syncFrequency === p.cron}
              onChange={() => onSettings({ ...settings, syncFrequency: p.cron })}
            >
              {p.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <TimeZoneSelect
        value={settings.timezone}
        onChange={(timezone) => onSettings({ ...settings, timezone })}
      />
      <Switch
        label="Active: run on this schedule"
        checked={Boolean(saved?.isActive)}
        disabled={busy || !saved || Boolean(words.error)}
        onChange={(e) => onActive(e.currentTarget.checked)}
        description={
          !saved
            ? 'Save the workflow first.'
            : saved.isActive && saved.nextRunAt
              ? `${saved.scheduleText} · next run ${formatInZone(saved.nextRunAt, saved.timezone)}`
              : dirty
                ? 'Turning it on saves your changes first.'
                : undefined
        }
      />
      {saved && !saved.isComplete && (
        <Alert color="gray" p="xs">
          <Text size="xs">A draft cannot be active: save it complete first.</Text>
        </Alert>
      )}
      <Divider label="Runs" labelPosition="left" />
      {saved ? (
        <>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} aria-hidden />}
            disabled={!saved.isComplete || dirty}
            title={dirty ? 'Save first: a run uses the saved workflow' : undefined}
            loading={start.isPending}
            onClick={() =>
              start.mutate(saved.id, {
                onSuccess: () => notifications.show({ message: 'Run queued' }),
                onError: (e) => notifications.show({ color: 'red', message: e.message }),
              })
            }
          >
            Run now
          </Button>
          <RunsList workflowId={saved.id} shownRunId={shownRun?.id ?? null} active={saved.isActive} />
          <Divider label="Versions" labelPosition="left" />
          <VersionsList workflowId={saved.id} current={saved.version} onOpen={onOpenVersion} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          Runs appear here once the workflow is saved.
        </Text>
      )}
    </Stack>
  );
}
