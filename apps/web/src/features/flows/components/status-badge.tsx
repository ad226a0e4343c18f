import { Badge } from '@mantine/core';
import { RUN_COLORS, STEP_COLORS, statusLabel } from '../lib/status.ts';

export function RunStatusBadge({ status }: { status: keyof typeof RUN_COLORS }) {
  return (
    <Badge color={RUN_COLORS[status] ?? 'gray'} variant="light" size="sm">
      {statusLabel(status)}
    </Badge>
  );
}

export function StepStatusBadge({ status }: { status: keyof typeof STEP_COLORS }) {
  return (
    <Badge color={STEP_COLORS[status] ?? 'gray'} variant="light" size="xs">
      {statusLabel(status)}
    </Badge>
  );
}
