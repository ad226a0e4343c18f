import { Badge } from '@mantine/core';
import { asRunStatus, STATUS_COLORS, STATUS_LABELS } from '../lib/status.ts';

export function StatusBadge({ status, size = 'md' }: { status: string; size?: 'sm' | 'md' | 'lg' }) {
  const s = asRunStatus(status);
  return (
    <Badge
      color={STATUS_COLORS[s]}
      variant="light"
      size={size}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {STATUS_LABELS[s]}
    </Badge>
  );
}
