import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { AccountSettingsModal } from '../../features/account/index.ts';
import { type TSessionUser, updateSessionUser, useLogout } from '../../features/auth/index.ts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join('') || '?';

export function AccountMenu({ user }: { user: TSessionUser }) {
  const logout = useLogout();
  const [settingsOpened, settings] = useDisclosure(false);
  return (
    <>
      <Menu position="bottom-end" width={260} withArrow>
        <Menu.Target>
          <UnstyledButton p={4} style={{ borderRadius: 999 }}>
            <Group gap={8} wrap="nowrap">
              <Avatar color="purple" radius="xl" size={32} aria-hidden>
                {initials(user.name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
                {user.name}
              </Text>
              <VisuallyHidden>Account menu</VisuallyHidden>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
            <Badge size="sm" variant="light" mt={6}>
              {user.role}
            </Badge>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={settings.open}>
            Account settings
          </Menu.Item>
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={() => void logout()}>
            Log out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AccountSettingsModal
        opened={settingsOpened}
        onClose={settings.close}
        user={user}
        onUserChanged={updateSessionUser}
      />
    </>
  );
}
