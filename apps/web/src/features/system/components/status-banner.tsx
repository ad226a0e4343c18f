import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { isBannerVisible, useSystemStatus } from '../stores/status-store.ts';

const LOOK = {
  info: { color: 'blue', title: 'Info', Icon: IconInfoCircle },
  warning: { color: 'yellow', title: 'Warning', Icon: IconAlertTriangle },
  error: { color: 'red', title: 'Error', Icon: IconCircleX },
} as const;

/** Shown at the top whenever a status exists that is not success (spec §2): its type, then its message. */
export function StatusBanner() {
  const { status } = useSystemStatus();
  if (!isBannerVisible(status) || status.type === 'success') return null;
  const look = LOOK[status.type];
  return (
    <Alert
      color={look.color}
      icon={<look.Icon size={18} />}
      role={status.type === 'error' ? 'alert' : 'status'}
      radius={0}
      py="xs"
      data-status-type={status.type}
    >
      <Text span fw={700} size="sm">
        {look.title}:
      </Text>{' '}
      <Text span size="sm">
        {status.message}
      </Text>
    </Alert>
  );
}
