import { ActionIcon, AppShell, NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { activeNavPath, NAV_GROUPS } from './nav-items.ts';
import { setMobileOpened, toggleCollapsed, useNav } from './nav-store.ts';

/** Grouped navigation; collapsed mode (persisted) shows icons only, with tooltips for names. */
export function Navbar({ role }: { role: string }) {
  const { isCollapsed, mobileOpened } = useNav();
  const { pathname } = useLocation();
  const active = activeNavPath(pathname);
  // on small screens the navbar is a drawer and always shows labels
  const iconsOnly = isCollapsed && !mobileOpened;

  return (
    <AppShell.Navbar aria-label="Main navigation" p={iconsOnly ? 'xs' : 'sm'}>
      <AppShell.Section grow component={ScrollArea} type="scroll">
        <Stack gap="md" component="nav">
          {NAV_GROUPS.map((group) => {
            const items = group.items.filter((i) => !i.roles || i.roles.includes(role));
            if (items.length === 0) return null;
            return (
              <div key={group.label}>
                {!iconsOnly && (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                    {group.label}
                  </Text>
                )}
                {items.map((item) => {
                  const link = (
                    <NavLink
                      key={item.to}
                      component={Link}
                      to={item.to}
                      label={iconsOnly ? undefined : item.label}
                      aria-label={iconsOnly ? item.label : undefined}
                      leftSection={<item.icon size={18} stroke={1.6} />}
                      active={active === item.to}
                      aria-current={active === item.to ? 'page' : undefined}
                      onClick={() => setMobileOpened(false)}
                      variant="light"
                      styles={{ root: { borderRadius: 'var(--mantine-radius-md)' } }}
                      style={iconsOnly ? { justifyContent: 'center' } : undefined}
                    />
                  );
                  return iconsOnly ? (
                    <Tooltip key={item.to} label={item.label} position="right" withArrow>
                      {link}
                    </Tooltip>
                  ) : (
                    link
                  );
                })}
              </div>
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section visibleFrom="sm" pt="xs">
        <Tooltip label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggleCollapsed}
            aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!isCollapsed}
          >
            {isCollapsed ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Tooltip>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
