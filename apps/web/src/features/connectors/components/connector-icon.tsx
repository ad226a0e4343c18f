import { ThemeIcon } from '@mantine/core';
import {
  IconApi,
  IconBucket,
  IconDatabase,
  IconFile,
  IconMessage,
  IconPlug,
  IconTable,
  IconWebhook,
} from '@tabler/icons-react';

const ICONS = {
  database: IconDatabase,
  api: IconApi,
  bucket: IconBucket,
  webhook: IconWebhook,
  message: IconMessage,
  table: IconTable,
  file: IconFile,
  plug: IconPlug,
} as const;

/** The catalogue's icon name (from the server) as a Tabler icon. */
export function ConnectorIcon({ icon, size = 'lg' }: { icon: string; size?: 'md' | 'lg' | 'xl' }) {
  const Icon = ICONS[icon as keyof typeof ICONS] ?? IconPlug;
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden>
      <Icon size={size === 'xl' ? 24 : 18} />
    </ThemeIcon>
  );
}
