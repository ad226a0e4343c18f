import { Anchor, Card, Code, Divider, Group, Stack, Text } from '@mantine/core';
import type { TPipeline, TResult } from '@mapwright/contracts';
import { Link } from 'react-router';
import { formatDay, plural, shortId } from '../lib/format.ts';
import { PipelineStatusBadge } from './badges.tsx';
import { LastRun } from './last-run.tsx';

export function PipelineCard({
  pipeline,
  result,
  resultLoading,
}: {
  pipeline: TPipeline;
  result: TResult | null | undefined;
  resultLoading: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={pipeline.name}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Anchor
            component={Link}
            to={`/pipelines/${pipeline.id}`}
            fw={600}
            lineClamp={2}
            style={{ overflowWrap: 'anywhere' }}
          >
            {pipeline.name}
          </Anchor>
          <PipelineStatusBadge pipeline={pipeline} size="sm" />
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} mih={38}>
          {pipeline.description || 'No description'}
        </Text>
        <Divider />
        <LastRun result={result} loading={resultLoading} />
        <Group justify="space-between" mt="auto" gap="xs">
          <Text size="xs" c="dimmed">
            {plural(pipeline.job_count, 'job')} · created {formatDay(pipeline.created_at)}
          </Text>
          <Code fz="xs">{shortId(pipeline.id)}</Code>
        </Group>
      </Stack>
    </Card>
  );
}
