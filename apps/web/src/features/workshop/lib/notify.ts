import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/** A notification whose close button has a name (Mantine's has none by default). */
export function notify(n: { color: string; title?: string; message: ReactNode }) {
  notifications.show({ ...n, closeButtonProps: { 'aria-label': 'Close notification' } });
}
