import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { ADMIN_ROLES, type TRoleName } from '@mapwright/contracts';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ErrorBlock, LoadingBlock, NotFoundBlock } from '../../components/ui/query-state.tsx';
import { ImpersonationForm, rolesQueryOptions, useSession } from '../../features/auth/index.ts';
import { BillingPage } from '../../features/billing/index.ts';
import { InternalPage } from '../../features/internal/index.ts';
import { ApiKeysPanel, UsersPanel } from '../../features/settings/index.ts';

const isAdmin = (role: string | undefined) => ADMIN_ROLES.includes(role as TRoleName);

export function ApiKeysRoute() {
  const { user } = useSession();
  return <ApiKeysPanel canManage={isAdmin(user?.role)} />;
}

export function UsersRoute() {
  const { user } = useSession();
  const roles = useQuery(rolesQueryOptions());
  if (roles.isPending) return <LoadingBlock label="Loading roles…" />;
  if (roles.isError) return <ErrorBlock error={roles.error} onRetry={() => void roles.refetch()} />;
  return (
    <UsersPanel
      currentUserId={user?.id ?? ''}
      currentRole={user?.role ?? ''}
      canManage={isAdmin(user?.role)}
      roles={roles.data.items}
    />
  );
}

export function ImpersonationRoute() {
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const done = () => {
    // cached lists belong to the previous identity
    queryClient.clear();
    navigate('/dashboard', { replace: true });
  };
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Title order={2} fz="lg">
          Impersonation
        </Title>
        <Text size="sm" c="dimmed">
          Sign in as another user to see what they see. Every impersonation is recorded.
        </Text>
      </div>
      {user?.impersonated_by && (
        <Alert color="orange" icon={<IconInfoCircle size={18} />}>
          {user.impersonated_by} is impersonating {user.email}. Use “Back to my account” in the banner above
          to end it.
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg">
        {user?.role === 'staff' ? (
          <ImpersonationForm email={user.email} onDone={done} />
        ) : (
          <Text size="sm" c="dimmed">
            Only Mapwright staff can impersonate users.
          </Text>
        )}
      </Paper>
    </Stack>
  );
}

export function BillingRoute() {
  return <BillingPage />;
}

/** Staff only: anyone else is told there is no such page (the API answers them 403). */
export function InternalRoute() {
  const { user } = useSession();
  if (user?.role !== 'staff') return <NotFoundBlock />;
  return <InternalPage />;
}
