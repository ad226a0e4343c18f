import { Badge, Tooltip } from '@mantine/core';
import { formatPercent } from '../lib/format.ts';

const COLORS: Record<string, string> = {
  'Very High': 'green',
  High: 'blue',
  Medium: 'yellow',
  Low: 'orange',
  'Very Low': 'red',
};

/** The suggestion's confidence, coloured by bucket; the reason shows on hover and keyboard focus. */
export function ConfidenceBadge({
  bucket,
  confidence,
  reason,
}: {
  bucket: string;
  confidence: number;
  reason?: string;
}) {
  const badge = (
    <Badge
      variant="light"
      color={COLORS[bucket] ?? 'gray'}
      tt="none"
      radius="sm"
      style={{ flexShrink: 0 }}
      aria-label={`Confidence ${bucket}, ${formatPercent(confidence)}`}
      tabIndex={reason ? 0 : undefined}
    >
      {bucket} · {formatPercent(confidence)}
    </Badge>
  );
  return reason ? (
    <Tooltip
      label={reason}
      multiline
      w={300}
      withArrow
      openDelay={250}
      events={{ hover: true, focus: true, touch: true }}
    >
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

export function UnmappedBadge() {
  return (
    <Badge variant="light" color="gray" tt="none" radius="sm" style={{ flexShrink: 0 }}>
      Not mapped
    </Badge>
  );
}
