import { Badge, Tooltip } from '@mantine/core';
import {
  asNodeStatus,
  asRunStatus,
  MISSED_EXPLANATION,
  NODE_STATUS_COLORS,
  NODE_STATUS_HINTS,
  NODE_STATUS_LABELS,
  RUN_STATUS_COLORS,
  RUN_STATUS_LABELS,
} from '../lib/run-management.ts';

const badgeStyle = { flexShrink: 0, minWidth: 'max-content' } as const;

/** A run's status; a missed one explains itself on hover and focus. */
export function RunStatusBadge({ status, size = 'sm' }: { status: string; size?: 'xs' | 'sm' | 'md' }) {
  const s = asRunStatus(status);
  const badge = (
    <Badge
      color={RUN_STATUS_COLORS[s]}
      variant={s === 'missed' ? 'outline' : 'light'}
      size={size}
      style={badgeStyle}
      tabIndex={s === 'missed' ? 0 : undefined}
    >
      {RUN_STATUS_LABELS[s]}
    </Badge>
  );
  if (s !== 'missed') return badge;
  return (
    <Tooltip label={MISSED_EXPLANATION} multiline w={300} withArrow>
      {badge}
    </Tooltip>
  );
}

export function NodeStatusBadge({ status }: { status: string }) {
  const s = asNodeStatus(status);
  const hint = NODE_STATUS_HINTS[s];
  const badge = (
    <Badge color={NODE_STATUS_COLORS[s]} variant="light" size="sm" style={badgeStyle}>
      {NODE_STATUS_LABELS[s]}
    </Badge>
  );
  return hint ? (
    <Tooltip label={hint} withArrow>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}
