import { Anchor, Button, Divider, Group, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFlow, TFlowVersion } from '@mapwright/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select.tsx';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { formatInZone, SCHEDULE_PRESETS, scheduleInWords } from '../../../lib/schedule-words.ts';
import { useFlowRuns, useFlowVersions, usePatchFlow } from '../api.ts';
import { RunStatusBadge } from './status-badge.tsx';

/** The panel when no step is selected: name, schedule + switch, versions, recent runs. */
export function FlowSettings({
  flow,
  name,
  description,
  onName,
  onDescription,
  onOpenVersion,
}: {
  flow: TFlow;
  name: string;
  description: string;
  onName: (v: string) => void;
  onDescription: (v: string) => void;
  onOpenVersion: (v: TFlowVersion) => void;
}) {
  const patch = usePatchFlow(flow.id);
  const versions = useFlowVersions(flow.id);
  const runs = useFlowRuns(flow.id);
  const [cron, setCron] = useState(flow.schedule ?? '');
  const [zone, setZone] = useState(flow.timezone);
  const words = cron.trim() ? scheduleInWords(cron) : null;
  const fail = (e: Error) => notifications.show({ color: 'red', title: 'Not saved', message: e.message });
  return (
    <Stack gap="sm" p="sm">
      <Text fw={600} size="sm">
        Flow
      </Text>
      <TextInput label="Name" size="xs" value={name} onChange={(e) => onName(e.currentTarget.value)} />
      <Textarea
        label="Description"
        size="xs"
        rows={2}
        value={description}
        onChange={(e) => onDescription(e.currentTarget.value)}
      />
      <Divider />
      <Text fw={600} size="sm">
        Schedule
      </Text>
      <TextInput
        label="Cron"
        size="xs"
        placeholder="0 6 * * *"
        value={cron}
        onChange={(e) => setCron(e.currentTarget.value)}
        description={words?.text ?? 'Empty: runs only when started by hand'}
        error={words?.error}
        ff="monospace"
      />
      <Group gap={4}>
        {SCHEDULE_PRESETS.map((p) => (
          <Button key={p.cron} size="compact-xs" variant="default" onClick={() => setCron(p.cron)}>
            {p.label}
          </Button>
        ))}
      </Group>
      <TimeZoneSelect value={zone} onChange={setZone} />
      <Button
        size="xs"
        variant="light"
        loading={patch.isPending}
        disabled={
          Boolean(words?.error) || ((cron.trim() || null) === flow.schedule && zone === flow.timezone)
        }
        onClick={() =>
          patch.mutate(
            { schedule: cron.trim() || null, timezone: zone },
            {
              onSuccess: () => notifications.show({ color: 'green', message: 'Schedule saved' }),
              onError: fail,
            },
          )
        }
        style={{ alignSelf: 'flex-start' }}
      >
        Save schedule
      </Button>
      <Switch
        label={flow.active ? 'Active: runs on its schedule' : 'Off: runs only by hand'}
        checked={flow.active}
        disabled={patch.isPending || (!flow.schedule && !flow.active)}
        onChange={(e) => patch.mutate({ active: e.currentTarget.checked }, { onError: fail })}
      />
      {flow.active && flow.next_run_at && (
        <Text size="xs" c="dimmed">
          Next run {formatInZone(flow.next_run_at, flow.timezone)}
        </Text>
      )}
      <Divider />
      <Text fw={600} size="sm">
        Recent runs
      </Text>
      {runs.data?.length === 0 && (
        <Text size="xs" c="dimmed">
          Not run yet.
        </Text>
      )}
      <Stack gap={4}>
        {(runs.data ?? []).map((r) => (
          <Group key={r.id} gap={6} wrap="nowrap">
            <RunStatusBadge status={r.status} />
            <Anchor component={Link} to={`/flows/${flow.id}/run/${r.id}`} size="xs">
              {formatRelative(r.created_at)} · v{r.version} · {r.trigger}
            </Anchor>
          </Group>
        ))}
      </Stack>
      <Divider />
      <Text fw={600} size="sm">
        Versions
      </Text>
      <Stack gap={4}>
        {(versions.data ?? []).map((v) => (
          <Group key={v.version} justify="space-between" wrap="nowrap">
            <Text size="xs">
              v{v.version} · {v.steps.length} steps · {formatDateTime(v.created_at)}
            </Text>
            {v.version !== flow.version && (
              <Button size="compact-xs" variant="subtle" onClick={() => onOpenVersion(v)}>
                Open
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
