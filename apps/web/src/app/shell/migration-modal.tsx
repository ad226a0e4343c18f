import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import type { TPublicConfig } from '@mapwright/contracts';
import { MIGRATION_MODAL_WIDTH } from '../../config/index.ts';

type TMigrationConfig = Pick<TPublicConfig, 'migrationOrgIds' | 'oldHost' | 'newHost' | 'productName'>;

/** Spec §2: only with an org id, in the configured list, on the old host. */
export function shouldShowMigrationModal(
  orgId: string | null,
  config: TMigrationConfig | undefined,
  hostname: string,
) {
  return Boolean(
    orgId && config?.oldHost && config.migrationOrgIds.includes(orgId) && hostname === config.oldHost,
  );
}

export function newHostUrl(newHost: string): string {
  return /^[a-z]+:\/\//i.test(newHost) ? newHost : `${window.location.protocol}//${newHost}`;
}

/** Blocking: no close button, Escape and outside clicks do nothing. */
export function MigrationModal({
  orgId,
  config,
}: {
  orgId: string | null;
  config: TMigrationConfig | undefined;
}) {
  if (!config || !shouldShowMigrationModal(orgId, config, window.location.hostname)) return null;
  const host = config.newHost ?? '';
  return (
    <Modal
      opened
      onClose={() => {}}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      trapFocus
      centered
      size={MIGRATION_MODAL_WIDTH}
      title={<Text fw={700} fz="lg">{`Welcome to the New ${config.productName}!`}</Text>}
    >
      <Stack gap="md">
        <Text>
          We've upgraded your experience with a new and improved platform. Your account has been successfully
          migrated to our new domain.
        </Text>
        <Button fullWidth onClick={() => window.location.assign(newHostUrl(host))}>
          Continue to New Platform
        </Button>
        <Text size="sm" c="dimmed">
          If the button doesn't work, please visit{' '}
          <Anchor href={newHostUrl(host)} size="sm">
            {host}
          </Anchor>{' '}
          directly.
        </Text>
      </Stack>
    </Modal>
  );
}
