import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { roleRank } from '@mapwright/contracts';
import { IconTrash, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useRemoveUser, useUpdateUser, useUsers } from '../api/users.ts';
import { InviteUserModal, type TRoleOption } from './invite-user-modal.tsx';

/** The roles `myRole` may grant: its own rank and below (the server refuses the rest). */
export const grantableRoles = <R extends { name: string }>(roles: R[], myRole: string) =>
  roles.filter((r) => roleRank(r.name) <= roleRank(myRole));

/** Whether `myRole` may change or remove a member holding `theirRole` (not above its own rank). */
export const mayManage = (myRole: string, theirRole: string) => roleRank(theirRole) <= roleRank(myRole);

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function UsersPanel({
  currentUserId,
  currentRole,
  canManage,
  roles,
}: {
  currentUserId: string;
  /** the caller's role: nobody grants, changes or removes a rank above their own */
  currentRole: string;
  canManage: boolean;
  roles: TRoleOption[];
}) {
  const [page, setPage] = useState(1);
  const users = useUsers(page);
  const update = useUpdateUser();
  const remove = useRemoveUser();
  const [inviteOpened, invite] = useDisclosure(false);
  const roleName = (id: string) => roles.find((r) => r.id === id)?.name ?? 'unknown';
  const grantable = grantableRoles(roles, currentRole);
  const roleOptions = grantable.map((r) => ({ value: r.id, label: r.name }));
  /** a member the caller may manage: not themselves, and not ranked above them */
  const manageable = (u: { id: string; role_id: string }) =>
    canManage && u.id !== currentUserId && mayManage(currentRole, roleName(u.role_id));

  const changeRole = (id: string, name: string, role_id: string) =>
    update.mutate(
      { id, role_id },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', message: `${name} is now ${roleName(role_id)}.` }),
        onError: (err) =>
          notifications.show({ color: 'red', title: 'Role not changed', message: err.message }),
      },
    );
  const confirmRemove = (id: string, name: string) =>
    modals.openConfirmModal({
      title: `Remove ${name}?`,
      children: (
        <Text size="sm">{name} will lose access to this organization straight away. Their work stays.</Text>
      ),
      labels: { confirm: 'Remove member', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(id, {
          onSuccess: () => notifications.show({ color: 'green', message: `${name} was removed.` }),
          onError: (err) => notifications.show({ color: 'red', title: 'Not removed', message: err.message }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="lg">
            Members
          </Title>
          <Text size="sm" c="dimmed">
            People in your organization and what they may do.
          </Text>
        </div>
        {canManage ? (
          <Button leftSection={<IconUserPlus size={16} />} onClick={invite.open}>
            Invite member
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Only owners and admins can invite or change members.
          </Text>
        )}
      </Group>
      <Paper withBorder radius="md">
        {users.isPending ? (
          <LoadingBlock label="Loading members…" />
        ) : users.isError ? (
          <ErrorBlock error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <EmptyBlock icon={<IconUsers size={22} />} title="No members yet">
            Invite someone to work with you.
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th w={180}>Role</Table.Th>
                  <Table.Th>Joined</Table.Th>
                  <Table.Th w={60}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.map((u) => {
                  const isSelf = u.id === currentUserId;
                  return (
                    <Table.Tr key={u.id}>
                      <Table.Td>
                        <Group gap={6}>
                          <Text size="sm" fw={500}>
                            {u.name}
                          </Text>
                          {isSelf && (
                            <Badge size="xs" variant="light" color="gray">
                              you
                            </Badge>
                          )}
                          {u.totp_enabled && (
                            <Badge size="xs" variant="light" color="green">
                              2FA
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{u.email}</Text>
                      </Table.Td>
                      <Table.Td>
                        {manageable(u) ? (
                          <Select
                            aria-label={`Role of ${u.name}`}
                            size="xs"
                            data={roleOptions}
                            value={u.role_id}
                            allowDeselect={false}
                            onChange={(v) => v && v !== u.role_id && changeRole(u.id, u.name, v)}
                          />
                        ) : (
                          <Badge variant="light">{roleName(u.role_id)}</Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed">
                          {formatDate(u.created_at)}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {manageable(u) && (
                          <Tooltip label={`Remove ${u.name}`}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`Remove ${u.name}`}
                              onClick={() => confirmRemove(u.id, u.name)}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {users.data && users.data.pages > 1 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {users.data.total} members
          </Text>
          <Pager value={page} onChange={setPage} total={users.data.pages} aria-label="Members pages" />
        </Group>
      )}
      {canManage && <InviteUserModal opened={inviteOpened} onClose={invite.close} roles={grantable} />}
    </Stack>
  );
}
