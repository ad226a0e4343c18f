import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { formatBytes } from '../lib/format.ts';
import type { TUploadProgress } from '../lib/xhr-upload.ts';

/** One upload under way: what is being sent, how far it is, and "2 of 3" when several were dropped. */
export function UploadProgress({
  title,
  progress,
  batch,
}: {
  title: string;
  progress: TUploadProgress | null;
  batch?: { index: number; count: number } | null;
}) {
  const percent = progress?.percent ?? 0;
  // every byte is sent but the server is still storing and checking it
  const storing = percent >= 100;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={600} truncate="end" title={title} style={{ minWidth: 0 }}>
            {title}
          </Text>
          {batch && batch.count > 1 && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {batch.index} of {batch.count}
            </Text>
          )}
        </Group>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          animated={!storing}
          striped={!storing}
          aria-label={title}
        />
        <Text size="xs" c="dimmed">
          {storing
            ? 'Sent — saving on the server…'
            : `${percent}% · ${formatBytes(progress?.loaded ?? 0)} of ${formatBytes(progress?.total ?? 0)}`}
        </Text>
      </Stack>
    </Paper>
  );
}
