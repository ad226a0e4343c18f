import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys.ts';
import { CreateApiKeyModal } from './create-api-key-modal.tsx';

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

export function ApiKeysPanel({ canManage }: { canManage: boolean }) {
  const [page, setPage] = useState(1);
  const keys = useApiKeys(page, canManage);
  const revoke = useRevokeApiKey();
  const [createOpened, create] = useDisclosure(false);

  const confirmRevoke = (id: string, name: string) =>
    modals.openConfirmModal({
      title: `Revoke "${name}"?`,
      children: (
        <Text size="sm">Anything using this key stops working immediately. This cannot be undone.</Text>
      ),
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(id, {
          onSuccess: () => notifications.show({ color: 'green', message: `"${name}" was revoked.` }),
          onError: (err) => notifications.show({ color: 'red', title: 'Not revoked', message: err.message }),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2} fz="lg">
            API keys
          </Title>
          <Text size="sm" c="dimmed">
            Scripts and SDKs authenticate with an API key in the <Code>x-api-key</Code> header.
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            Create API key
          </Button>
        )}
      </Group>
      <Paper withBorder radius="md">
        {!canManage ? (
          <EmptyBlock icon={<IconKey size={22} />} title="Managed by admins">
            Only owners and admins can see and create API keys. Ask one of them for a key.
          </EmptyBlock>
        ) : keys.isPending ? (
          <LoadingBlock label="Loading API keys…" />
        ) : keys.isError ? (
          <ErrorBlock error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.items.length === 0 ? (
          <EmptyBlock icon={<IconKey size={22} />} title="No API keys yet">
            Create one to call Mapwright from your scripts.
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {keys.data.items.map((k) => (
                  <Table.Tr key={k.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {k.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Code>{k.prefix}…</Code>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDate(k.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDate(k.last_used_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {k.revoked_at ? (
                        <Badge color="gray" variant="light">
                          Revoked
                        </Badge>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Badge color="green" variant="light">
                            Active
                          </Badge>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            onClick={() => confirmRevoke(k.id, k.name)}
                            aria-label={`Revoke ${k.name}`}
                          >
                            Revoke
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {keys.data && keys.data.pages > 1 && (
        <Group justify="flex-end">
          <Pager value={page} onChange={setPage} total={keys.data.pages} aria-label="API key pages" />
        </Group>
      )}
      {canManage && <CreateApiKeyModal opened={createOpened} onClose={create.close} />}
    </Stack>
  );
}
