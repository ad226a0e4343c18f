import { type NotificationData, notifications } from '@mantine/notifications';

// Mantine's notification close button has no accessible name (axe: button-name): give every one here a name.
const closeButtonProps = { 'aria-label': 'Dismiss notification' };

export const notify = (data: NotificationData) => notifications.show({ closeButtonProps, ...data });
