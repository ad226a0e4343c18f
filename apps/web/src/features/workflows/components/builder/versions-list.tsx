import { Button, Group, Stack, Text } from '@mantine/core';
import type { TWorkflowVersion } from '@mapwright/contracts';
import { useWorkflowVersions } from '../../api/workflow.ts';
import { formatDateTime } from '../../lib/run-management.ts';

/** Every save is a version: open one on the canvas (unsaved) to look at it or save it back. */
export function VersionsList({
  workflowId,
  current,
  onOpen,
}: {
  workflowId: string;
  current: number;
  onOpen: (v: TWorkflowVersion) => void;
}) {
  const versions = useWorkflowVersions(workflowId);
  if (versions.isLoading)
    return (
      <Text size="sm" c="dimmed">
        Loading versions…
      </Text>
    );
  const items = versions.data ?? [];
  return (
    <Stack gap={4} component="ul" aria-label="Versions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.slice(0, 20).map((v) => (
        <Group key={v.version} component="li" gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" truncate>
            <b>v{v.version}</b> · {formatDateTime(v.createdAt)}
            {v.note ? ` · ${v.note}` : ''} · {v.nodes.length} nodes{v.isActive ? ' · active' : ''}
          </Text>
          {v.version === current ? (
            <Text size="xs" c="dimmed">
              current
            </Text>
          ) : (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => onOpen(v)}
              aria-label={`Open version ${v.version}`}
            >
              Open
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}
