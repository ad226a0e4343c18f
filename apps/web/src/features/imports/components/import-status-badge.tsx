import { Badge, type MantineColor } from '@mantine/core';
import type { TImport } from '@mapwright/contracts';

const COLORS: Record<TImport['status'], MantineColor> = {
  queued: 'gray',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  cancelled: 'orange',
};
const LABELS: Record<TImport['status'], string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function ImportStatusBadge({
  status,
  size = 'md',
}: {
  status: TImport['status'];
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge color={COLORS[status]} variant="light" size={size}>
      {LABELS[status]}
    </Badge>
  );
}
