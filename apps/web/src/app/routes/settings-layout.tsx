import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCreditCard, IconKey, IconSettingsCog, IconUserShield, IconUsers } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useSession } from '../../features/auth/index.ts';

const TABS = [
  { to: '/settings', label: 'API keys', icon: IconKey },
  { to: '/settings/users', label: 'Users', icon: IconUsers },
  { to: '/settings/billing', label: 'Billing', icon: IconCreditCard },
  { to: '/settings/internal', label: 'Internal', icon: IconSettingsCog, staffOnly: true },
  { to: '/settings/impersonation', label: 'Impersonation', icon: IconUserShield, staffOnly: true },
];

/** Settings sections as tabs; each tab is its own URL so it can be linked and bookmarked. */
export function SettingsLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useSession();
  const current = pathname.replace(/\/+$/, '');
  // staff-only tabs do not exist for anyone else (their pages answer 404)
  const tabs = TABS.filter((t) => !t.staffOnly || user?.role === 'staff');
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} fz={26}>
          Settings
        </Title>
        <Text c="dimmed" mt={4}>
          Your organization's members, API keys and billing.
        </Text>
      </div>
      <Tabs value={current} onChange={(v) => v && navigate(v)} keepMounted={false}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.to} value={t.to} leftSection={<t.icon size={16} />}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}
