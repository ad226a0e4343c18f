import './styles.ts';
import { Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlugConnected, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useAuthenticatedApps } from '../api/authenticated-apps.ts';
import { workflowContext } from '../stores/workflow-context.ts';
import { AppsTable } from './apps-table.tsx';
import { ConnectAppModal } from './connect-app-modal.tsx';
import { notify } from './management-notify.ts';

/** /workflows/authenticated_apps: the apps workflows may call with stored credentials. */
export function AuthenticatedAppsScreen() {
  const apps = useAuthenticatedApps();
  const [connecting, connectModal] = useDisclosure(false);

  useEffect(() => {
    if (apps.data) workflowContext.setAuthenticatedApps(apps.data);
  }, [apps.data]);

  const connectButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={connectModal.open}>
      Connect an app
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Workflows', to: '/workflows/management' },
          { label: 'Connected apps' },
        ]}
        title="Connected apps"
        description="Apps your workflows may call with stored credentials. Keys and secrets are stored encrypted and are never shown again."
        actions={apps.data && apps.data.length > 0 ? connectButton : undefined}
      />
      <Paper withBorder radius="md">
        {apps.isPending ? (
          <LoadingBlock label="Loading connected apps…" />
        ) : apps.isError ? (
          <ErrorBlock error={apps.error} onRetry={() => void apps.refetch()} />
        ) : apps.data.length === 0 ? (
          <EmptyBlock icon={<IconPlugConnected size={22} />} title="No connected apps yet">
            <Stack gap="xs" align="center">
              <Text size="sm" c="dimmed" ta="center">
                Connect an app with an API key or OAuth2 client credentials, and workflow nodes can call its
                endpoints:
              </Text>
              <List size="sm" c="dimmed" ta="left" spacing={2}>
                <List.Item>
                  every call carries the stored credentials (with OAuth2, a fresh token is fetched for each
                  run);
                </List.Item>
                <List.Item>
                  the app appears among the builder’s source apps, with its endpoints once it has a catalogue;
                </List.Item>
                <List.Item>
                  the key or secret is stored encrypted and never returned, not even to you.
                </List.Item>
              </List>
              <Group justify="center" mt="xs">
                {connectButton}
              </Group>
            </Stack>
          </EmptyBlock>
        ) : (
          <AppsTable apps={apps.data} />
        )}
      </Paper>
      <ConnectAppModal
        opened={connecting}
        onClose={connectModal.close}
        onConnected={(app) => {
          workflowContext.addAuthenticatedApp(app);
          notify({ color: 'green', message: `“${app.name}” is connected.` });
        }}
      />
    </Stack>
  );
}
