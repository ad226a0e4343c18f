import { Button, Group, Paper, Text } from '@mantine/core';
import type { TUser } from '@mapwright/contracts';
import { IconUserShield } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_PATH } from '../../../config/index.ts';
import { storage } from '../../../lib/storage.ts';
import { logoutRequest } from '../api/logout.ts';
import { staffToken } from '../lib/staff-token.ts';
import { resetSession } from '../stores/session-store.ts';

/**
 * Shown on every page while staff impersonate someone: who is seen as whom, and the way back —
 * the impersonation's session ends and the staff member's own token (kept in this tab) returns.
 */
export function ImpersonationBanner({ user }: { user: TUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (!user.impersonated_by) return null;
  const own = staffToken.get();
  const back = async () => {
    setPending(true);
    await logoutRequest();
    staffToken.clear();
    if (own) storage.set('token', own);
    else storage.remove('token');
    resetSession();
    queryClient.clear();
    navigate(own ? '/settings/impersonation' : LOGIN_PATH, { replace: true });
  };
  return (
    <Paper
      role="region"
      aria-label="Impersonation"
      radius={0}
      px="md"
      py={8}
      bg="orange.1"
      style={{ borderBottom: '1px solid var(--mantine-color-orange-3)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <IconUserShield size={18} color="var(--mantine-color-orange-9)" aria-hidden />
          <Text size="sm" c="orange.9">
            <b>{user.impersonated_by}</b> is acting as <b>{user.email}</b>. Everything you do is recorded for
            both of you.
          </Text>
        </Group>
        <Button size="xs" color="orange.9" variant="white" loading={pending} onClick={back}>
          {own ? 'Back to my account' : 'End impersonation'}
        </Button>
      </Group>
    </Paper>
  );
}
