import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';

/**
 * Ends every session of the user on every device, this one included (a lost laptop, a shared
 * computer). The server then refuses this tab's token too, and the app's usual 401 handling
 * takes it to the sign-in page: the next request below is that 401.
 */
export function LogoutEverywhere() {
  const mutation = useMutation({
    mutationFn: async () => {
      await http.post<void>('/auth/jwt/logout-all');
      await http.get('/me').catch(() => undefined);
    },
  });
  return (
    <Stack gap={4} mt="xl">
      <Text fw={500}>Sessions</Text>
      <Group justify="space-between" wrap="nowrap" align="center">
        <Text size="sm" c="dimmed">
          Signed in somewhere you no longer use? End your sessions on every device, this one included.
        </Text>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          loading={mutation.isPending}
          onClick={() => mutation.mutate()}
          style={{ flexShrink: 0 }}
        >
          Log out everywhere
        </Button>
      </Group>
      {mutation.error && (
        <Text size="sm" c="red" role="alert">
          {mutation.error.message}
        </Text>
      )}
    </Stack>
  );
}
