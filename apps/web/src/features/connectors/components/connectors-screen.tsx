import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TConnection, TConnectorSpec } from '@mapwright/contracts';
import { IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useCatalogue, useConnections } from '../api.ts';
import { ConnectionDrawer } from './connection-drawer.tsx';
import { ConnectionFormModal } from './connection-form.tsx';
import { ConnectorIcon } from './connector-icon.tsx';
import { SyncStatusBadge } from './status-badge.tsx';

const COPY = {
  source: {
    title: 'Sources',
    description:
      'Where data comes from: databases, APIs and object stores. Connect one, look at its streams, and sync them to a destination.',
    empty: 'No sources yet',
  },
  destination: {
    title: 'Destinations',
    description:
      'Where mapped data is delivered. Syncs write into them in batches; nothing is written twice.',
    empty: 'No destinations yet',
  },
} as const;

/**
 * /sources and /destinations: the organization's connections (with the status of their last sync)
 * and the connector catalogue. A connection, its streams and its syncs open in a drawer addressed
 * by `?connection=<id>&sync=<id>` (spec §2 allows only these two paths).
 */
export function ConnectorsScreen({ side: role }: { side: 'source' | 'destination' }) {
  const copy = COPY[role];
  const catalogue = useCatalogue();
  const list = useConnections(role);
  const [params, setParams] = useSearchParams();
  const [connecting, setConnecting] = useState<TConnectorSpec | null>(null);
  const open = (id: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (id) next.set('connection', id);
      else {
        next.delete('connection');
        next.delete('sync');
      }
      return next;
    });
  const specs = (catalogue.data ?? []).filter((c) => c.roles.includes(role));
  const titleOf = (type: string) => catalogue.data?.find((c) => c.type === type);

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: copy.title }]}
        title={copy.title}
        description={copy.description}
      />
      <Paper withBorder radius="md">
        {list.isPending ? (
          <LoadingBlock label="Loading connections…" />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <EmptyBlock icon={<IconPlugConnected size={22} />} title={copy.empty}>
            <Text size="sm" c="dimmed" ta="center">
              Pick a connector below and fill in its settings. Passwords and keys are stored encrypted and
              never shown again.
            </Text>
          </EmptyBlock>
        ) : (
          <ConnectionsTable
            items={list.data}
            titleOf={(t) => titleOf(t)?.title ?? t}
            iconOf={(t) => titleOf(t)?.icon ?? 'plug'}
            onOpen={open}
          />
        )}
      </Paper>
      <Title order={2} fz="lg">
        Connect a {role}
      </Title>
      {catalogue.isPending ? (
        <LoadingBlock label="Loading connectors…" />
      ) : catalogue.isError ? (
        <ErrorBlock error={catalogue.error} onRetry={() => void catalogue.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {specs.map((s) => (
            <Card key={s.type} withBorder radius="md" padding="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <ConnectorIcon icon={s.icon} />
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600}>{s.title}</Text>
                  <Text size="sm" c="dimmed">
                    {s.description}
                  </Text>
                  <Group gap={4}>
                    {s.roles.map((r) => (
                      <Badge key={r} size="xs" variant="outline" color="gray">
                        {r}
                      </Badge>
                    ))}
                  </Group>
                </Stack>
              </Group>
              <Group justify="flex-end" mt="sm">
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => setConnecting(s)}
                  aria-label={`Connect ${s.title}`}
                >
                  Connect
                </Button>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <ConnectionFormModal
        key={connecting?.type ?? 'none'}
        spec={connecting}
        role={role}
        onClose={() => setConnecting(null)}
        onCreated={(c) => {
          setConnecting(null);
          open(c.id);
        }}
      />
      <ConnectionDrawer
        connectionId={params.get('connection')}
        syncId={params.get('sync')}
        onClose={() => open(null)}
        onSync={(id) =>
          setParams((p) => {
            const next = new URLSearchParams(p);
            if (id) next.set('sync', id);
            else next.delete('sync');
            return next;
          })
        }
      />
    </Stack>
  );
}

function ConnectionsTable({
  items,
  titleOf,
  iconOf,
  onOpen,
}: {
  items: TConnection[];
  titleOf: (type: string) => string;
  iconOf: (type: string) => string;
  onOpen: (id: string) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Connector</Table.Th>
            <Table.Th>Last check</Table.Th>
            <Table.Th>Last sync</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => onOpen(c.id)}>
                  {c.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <ConnectorIcon icon={iconOf(c.type)} size="md" />
                  <Text size="sm">{titleOf(c.type)}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {c.lastCheck ? (
                  <Badge color={c.lastCheck.ok ? 'green' : 'red'} variant="light" size="sm">
                    {c.lastCheck.ok ? 'Works' : 'Failing'}
                  </Badge>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not checked
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {c.lastSync ? (
                  <Group gap="xs" wrap="nowrap">
                    <SyncStatusBadge status={c.lastSync.status} />
                    <Text size="xs" c="dimmed">
                      {new Date(c.lastSync.at).toLocaleString()}
                    </Text>
                  </Group>
                ) : (
                  <Text size="sm" c="dimmed">
                    Never synced
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
