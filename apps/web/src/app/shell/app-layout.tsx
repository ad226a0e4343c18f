import { Anchor, AppShell, Badge, Box, Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { IconArrowsShuffle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ImpersonationBanner, type TSessionUser } from '../../features/auth/index.ts';
import { AccountMenu } from './account-menu.tsx';
import { setMobileOpened, useNav } from './nav-store.ts';
import { Navbar } from './navbar.tsx';

/** Header + grouped sidebar + main; the status banner spans the top of the main area. */
export function AppLayout({
  user,
  orgName,
  productName,
  banner,
  children,
}: {
  user: TSessionUser;
  orgName: string;
  productName: string;
  banner: ReactNode;
  children: ReactNode;
}) {
  const { isCollapsed, mobileOpened } = useNav();
  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: isCollapsed ? 68 : 248, breakpoint: 'sm', collapsed: { mobile: !mobileOpened } }}
      padding={0}
    >
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={mobileOpened}
              onClick={() => setMobileOpened(!mobileOpened)}
              hiddenFrom="sm"
              size="sm"
              aria-label={mobileOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Anchor
              component={Link}
              to="/dashboard"
              underline="never"
              c="inherit"
              aria-label={`${productName} home`}
            >
              <Group gap={8} wrap="nowrap">
                <ThemeIcon size={30} radius="md" aria-hidden>
                  <IconArrowsShuffle size={18} />
                </ThemeIcon>
                <Text fw={700} fz="lg">
                  {productName}
                </Text>
              </Group>
            </Anchor>
            <Text c="dimmed" size="sm" visibleFrom="sm" truncate maw={220}>
              {orgName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {user.impersonated_by && (
              <Badge color="orange" variant="light" visibleFrom="xs" tt="none">
                Impersonated by {user.impersonated_by}
              </Badge>
            )}
            <AccountMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <Navbar role={user.role} />
      <AppShell.Main bg="var(--mantine-color-gray-0)">
        <ImpersonationBanner user={user} />
        {banner}
        <Box p={{ base: 'md', sm: 'lg' }} component="div">
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
