import { Badge } from '@mantine/core';
import type { TResolution } from '@mapwright/contracts';

const COLORS: Record<TResolution['status'], string> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

export function StatusBadge({ status }: { status: TResolution['status'] }) {
  return (
    <Badge color={COLORS[status]} variant="light">
      {status === 'succeeded' ? 'Done' : status[0]?.toUpperCase() + status.slice(1)}
    </Badge>
  );
}
