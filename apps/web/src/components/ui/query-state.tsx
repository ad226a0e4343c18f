import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconMapQuestion } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function LoadingBlock({ label }: { label: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

export function ErrorBlock({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load this" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{error.message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

export function EmptyBlock({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <Stack align="center" gap={6} py="xl" px="md">
      <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {children && (
        <Text size="sm" c="dimmed" ta="center" maw={420} component="div">
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** A page that does not exist for this user: a 404 in the page, with a way on. */
export function NotFoundBlock() {
  return (
    <Stack align="center" gap="sm" py={48}>
      <ThemeIcon size={52} radius="xl" variant="light" color="gray" aria-hidden>
        <IconMapQuestion size={26} />
      </ThemeIcon>
      <Text fw={700} fz="xl">
        404 · Page not found
      </Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        There is no page at this address, or it is not available to your account.
      </Text>
      <Button component={Link} to="/dashboard" variant="light">
        Go to the dashboard
      </Button>
    </Stack>
  );
}
