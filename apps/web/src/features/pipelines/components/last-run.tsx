import { Group, Skeleton, Stack, Text } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { formatCount, formatPercent, formatRelative, plural } from '../lib/format.ts';
import { isRunning } from '../lib/status.ts';
import { ConfidenceBadge, ResultStatusBadge } from './badges.tsx';

/** A pipeline's latest run in a line or two: status, when, records and the share that validated. */
export function LastRun({
  result,
  loading,
  compact = false,
}: {
  result: TResult | null | undefined;
  loading: boolean;
  compact?: boolean;
}) {
  if (loading) return <Skeleton height={18} width={160} radius="sm" />;
  if (!result)
    return (
      <Text size="sm" c="dimmed">
        Never run
      </Text>
    );
  const valid = result.total ? result.succeeded / result.total : 0;
  const figures = isRunning(result.status)
    ? `${formatCount(result.processed)} of ${formatCount(result.total)} records`
    : `${plural(result.total, 'record')} · ${formatPercent(valid)} valid`;
  if (compact)
    return (
      <Group gap={6} wrap="nowrap">
        <ResultStatusBadge status={result.status} size="sm" />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {figures}
        </Text>
      </Group>
    );
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <ResultStatusBadge status={result.status} size="sm" />
        <Text size="xs" c="dimmed">
          {formatRelative(result.created_at)}
        </Text>
        <ConfidenceBadge confidence={result.confidence} />
      </Group>
      <Text size="sm">{figures}</Text>
    </Stack>
  );
}
