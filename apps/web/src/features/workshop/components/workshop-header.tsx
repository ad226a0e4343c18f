import { Anchor, Badge, Breadcrumbs, Button, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import type { TJob, TPipeline, TResult, TWorkshop } from '@mapwright/contracts';
import { IconCheck, IconDots, IconMessage2, IconPlus, IconRocket, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCount, formatDateTime, formatPercent, plural } from '../lib/format.ts';

const STATUS_COLOR: Record<string, string> = {
  created: 'gray',
  queued: 'blue',
  running: 'blue',
  finished: 'green',
  'needs review': 'yellow',
  deployed: 'purple',
  failed: 'red',
};

/** Pipeline name, the session's status, its undeployed edits and the actions on the whole draft. */
export function WorkshopHeader({
  workshop,
  pipeline,
  job,
  lastRun,
  canWrite,
  running,
  immediateReturn,
  pendingEdits,
  onPrompt,
  onDeploy,
  onNewSession,
  onToggleImmediate,
  onClearPending,
}: {
  workshop: TWorkshop;
  pipeline: TPipeline | null;
  job: TJob | null;
  /** the finished run whose values are on screen */
  lastRun: TResult | null;
  canWrite: boolean;
  running: boolean;
  immediateReturn: boolean;
  pendingEdits: number;
  onPrompt: () => void;
  onDeploy: () => void;
  onNewSession: () => void;
  onToggleImmediate: () => void;
  onClearPending: () => void;
}) {
  const edits = workshop.undeployed_edits;
  // before the first deploy the draft itself is new; after it, only edits are
  const nothingNew = edits === 0 && Boolean(pipeline?.deployed_mapper_version);
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <div style={{ minWidth: 0 }}>
        <Breadcrumbs separator="/" mb={6} aria-label="Breadcrumb">
          <Anchor component={Link} to="/dashboard" size="sm">
            Home
          </Anchor>
          <Anchor component={Link} to="/pipelines" size="sm">
            Pipelines
          </Anchor>
          {pipeline ? (
            <Anchor component={Link} to={`/pipelines/${pipeline.id}`} size="sm">
              {pipeline.name}
            </Anchor>
          ) : null}
          <Text size="sm" c="dimmed">
            Workshop
          </Text>
        </Breadcrumbs>
        <Group gap="sm" wrap="wrap">
          <Title order={1} fz={26} style={{ overflowWrap: 'anywhere' }}>
            {pipeline?.name ?? 'Workshop'}
          </Title>
          <Badge variant="light" color={STATUS_COLOR[workshop.status] ?? 'gray'} tt="none" size="lg">
            {workshop.status}
          </Badge>
          <Badge
            variant="light"
            color={edits > 0 ? 'orange' : 'gray'}
            tt="none"
            size="lg"
            aria-label={`${plural(edits, 'undeployed edit')}`}
            data-testid="undeployed-edits"
          >
            {edits > 0 ? `${plural(edits, 'undeployed edit')}` : 'No undeployed edits'}
          </Badge>
        </Group>
        <Text c="dimmed" size="sm" mt={4}>
          {job ? `Reviewing a job of ${plural(job.record_count, 'record')}` : 'Loading the job…'}
          {lastRun
            ? ` · ${formatCount(lastRun.succeeded)} valid, ${formatCount(lastRun.failed)} failing${lastRun.confidence ? `, mean confidence ${formatPercent(lastRun.confidence.score)}` : ''}`
            : ''}
          {pipeline?.deployed_mapper_version
            ? ` · version ${formatCount(pipeline.deployed_mapper_version)} deployed`
            : ' · nothing deployed yet'}
          {` · opened ${formatDateTime(workshop.created_at)}`}
        </Text>
      </div>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconMessage2 size={16} />}
          onClick={onPrompt}
          disabled={!canWrite || running}
        >
          Ask in words
        </Button>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="default" px="xs" aria-label="More workshop actions">
              <IconDots size={18} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPlus size={14} />} onClick={onNewSession} disabled={!canWrite}>
              New session on the latest job
            </Menu.Item>
            <Menu.Item
              leftSection={immediateReturn ? <span style={{ width: 14 }} /> : <IconCheck size={14} />}
              onClick={onToggleImmediate}
            >
              Wait for each run before answering
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={14} />}
              onClick={onClearPending}
              disabled={pendingEdits === 0}
            >
              Clear pending corrections and prompts
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Tooltip
          label={nothingNew ? 'Nothing new to deploy' : 'Make this draft the pipeline’s mapper'}
          withArrow
        >
          <Button
            leftSection={<IconRocket size={16} />}
            onClick={onDeploy}
            disabled={!canWrite || running || nothingNew}
            variant={edits > 0 ? 'filled' : 'light'}
          >
            Deploy{edits > 0 ? ` (${formatCount(edits)})` : ''}
          </Button>
        </Tooltip>
      </Group>
    </Group>
  );
}
