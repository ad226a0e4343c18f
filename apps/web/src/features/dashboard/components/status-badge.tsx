import { Badge, type MantineColor } from '@mantine/core';

const LABELS: Record<string, [string, MantineColor]> = {
  created: ['Not run', 'gray'],
  queued: ['Queued', 'gray'],
  running: ['Running', 'blue'],
  finished: ['Finished', 'green'],
  'needs review': ['Needs review', 'yellow'],
  failed: ['Failed', 'red'],
  cancelled: ['Cancelled', 'orange'],
  draft: ['Draft', 'gray'],
  deployed: ['Deployed', 'green'],
};

export function StatusBadge({ status }: { status: string }) {
  const [label, color] = LABELS[status] ?? [status, 'gray'];
  return (
    <Badge color={color} variant="light" size="sm" style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {label}
    </Badge>
  );
}
