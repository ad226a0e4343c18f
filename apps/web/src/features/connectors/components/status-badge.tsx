import { Badge } from '@mantine/core';

const COLORS: Record<string, string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};
const LABELS: Record<string, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** A sync run's status. */
export function SyncStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={COLORS[status] ?? 'gray'} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {LABELS[status] ?? status}
    </Badge>
  );
}
