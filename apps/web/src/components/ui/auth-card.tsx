import { Anchor, Box, Center, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsShuffle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The centred card every signed-out page uses, with the product mark on top. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-gray-0)" component="main">
      <Box w="100%" maw={420}>
        <Group justify="center" gap="xs" mb="lg">
          <ThemeIcon size={36} radius="md" variant="filled" aria-hidden>
            <IconArrowsShuffle size={22} />
          </ThemeIcon>
          <Text fw={700} fz={22}>
            Mapwright
          </Text>
        </Group>
        <Paper withBorder shadow="sm" p="xl" radius="md">
          <Stack gap="md">
            <div>
              <Title order={1} fz={22}>
                {title}
              </Title>
              {subtitle && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
        <Text ta="center" size="xs" c="dimmed" mt="md">
          Need help?{' '}
          <Anchor href="mailto:support@mapwright.dev" size="xs">
            Contact support
          </Anchor>
        </Text>
      </Box>
    </Center>
  );
}
