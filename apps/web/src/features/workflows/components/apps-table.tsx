import { Avatar, Badge, Button, Code, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TAuthenticatedApp } from '@mapwright/contracts';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useDisconnectApp } from '../api/authenticated-apps.ts';
import { avatarColorOf, initialsOf, isImageUrl } from '../lib/apps-management.ts';
import { formatDateTime, formatDay } from '../lib/run-management.ts';
import { workflowContext } from '../stores/workflow-context.ts';
import { notify } from './management-notify.ts';

const KIND_LABELS: Record<TAuthenticatedApp['kind'], string> = {
  api_key: 'API key',
  oauth2_client_credentials: 'OAuth2 client credentials',
};

export function AppLogo({
  app,
  size = 36,
}: {
  app: Pick<TAuthenticatedApp, 'name' | 'logo'>;
  size?: number;
}) {
  return isImageUrl(app.logo) ? (
    <Avatar src={app.logo} alt={`${app.name} logo`} size={size} radius="md">
      {initialsOf(app.name)}
    </Avatar>
  ) : (
    <Avatar size={size} radius="md" variant="filled" color={avatarColorOf(app.name)} aria-hidden>
      {initialsOf(app.name)}
    </Avatar>
  );
}

/** How the stored credentials are sent: shown so people can tell apps apart, never the secret. */
function authSummary(app: TAuthenticatedApp) {
  if (app.kind === 'api_key')
    return app.headerName && app.headerName !== 'Authorization'
      ? `Key in the ${app.headerName} header`
      : 'Key as a Bearer token';
  return `Client ${app.clientId ?? '—'}${app.scope ? ` · scope ${app.scope}` : ''}`;
}

export function AppsTable({ apps }: { apps: TAuthenticatedApp[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="sm" fz="sm" highlightOnHover aria-label="Connected apps">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>App</Table.Th>
            <Table.Th>Authentication</Table.Th>
            <Table.Th>Base URL</Table.Th>
            <Table.Th>OpenAPI catalogue</Table.Th>
            <Table.Th>Connected</Table.Th>
            <Table.Th w={140}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {apps.map((a) => (
            <AppRow key={a.id} app={a} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AppRow({ app }: { app: TAuthenticatedApp }) {
  const disconnect = useDisconnectApp();
  const confirm = () =>
    modals.openConfirmModal({
      title: `Disconnect “${app.name}”?`,
      children: (
        <Text size="sm">
          Its stored {app.kind === 'api_key' ? 'API key' : 'client secret'} is deleted. Workflow nodes that
          call this app fail until you connect it again.
        </Text>
      ),
      labels: { confirm: 'Disconnect', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        disconnect.mutate(app.id, {
          onSuccess: () => {
            workflowContext.removeAuthenticatedApp(app.id);
            notify({ color: 'gray', message: `“${app.name}” was disconnected.` });
          },
          onError: (err) => notify({ color: 'red', title: 'Not disconnected', message: err.message }),
        }),
    });

  return (
    <Table.Tr data-app={app.name}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <AppLogo app={app} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate="end" title={app.name}>
              {app.name}
            </Text>
            <Code fz="xs" c="dimmed" title={app.id} style={{ whiteSpace: 'nowrap' }}>
              {app.id.slice(0, 8)}…
            </Code>
          </div>
        </Group>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={app.kind === 'api_key' ? 'blue' : 'grape'} size="sm">
          {KIND_LABELS[app.kind]}
        </Badge>
        <Text size="xs" c="dimmed" mt={2}>
          {authSummary(app)}
        </Text>
      </Table.Td>
      <Table.Td maw={260}>
        <Text size="sm" truncate="end" title={app.baseUrl} ff="monospace" fz="xs">
          {app.baseUrl}
        </Text>
      </Table.Td>
      <Table.Td maw={260}>
        {app.catalogueUrl ? (
          <Text size="sm" truncate="end" title={app.catalogueUrl} ff="monospace" fz="xs">
            {app.catalogueUrl}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No catalogue
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={formatDateTime(app.authenticatedAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatDay(app.authenticatedAt)}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconPlugConnectedX size={16} />}
          onClick={confirm}
          loading={disconnect.isPending}
          aria-label={`Disconnect ${app.name}`}
        >
          Disconnect
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
