import { Alert, Group, Paper, Progress, Text } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { formatCount, formatPercent } from '../lib/format.ts';

/** A run under way: how far it is; the values on screen are the previous run's until it ends. */
export function RunProgress({ result, hasValues }: { result: TResult; hasValues: boolean }) {
  const share = result.total > 0 ? result.processed / result.total : 0;
  const label =
    result.status === 'queued'
      ? 'Waiting for a worker…'
      : `Mapping ${formatCount(result.processed)} of ${formatCount(result.total)} records (${formatPercent(share)})`;
  return (
    <Paper withBorder radius="md" p="sm" role="status" aria-live="polite">
      <Group justify="space-between" mb={6} wrap="wrap" gap="xs">
        <Text size="sm" fw={600}>
          {hasValues ? 'Re-running the mapping' : 'Running the mapping'}
        </Text>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
      <Progress
        value={result.status === 'queued' ? 100 : share * 100}
        striped
        animated
        aria-label="Run progress"
      />
      {hasValues && (
        <Text size="xs" c="dimmed" mt={6}>
          The values shown are from the previous run until this one finishes.
        </Text>
      )}
    </Paper>
  );
}

export function RunFailed({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Alert
      color="red"
      icon={<IconAlertCircle size={16} />}
      title="The edit did not go through"
      withCloseButton
      onClose={onClose}
      closeButtonLabel="Dismiss"
    >
      {message}
    </Alert>
  );
}
