import { ActionIcon, Badge, Button, Code, CopyButton, FileButton, Group, Text, Tooltip } from '@mantine/core';
import type { TTargetSchema } from '@mapwright/contracts';
import { IconCheck, IconCopy, IconDownload, IconSitemap, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { formatDateTime } from './schema-versions.tsx';

/** Name, copyable id, version and the schema's actions: map, import, export, delete. */
export function SchemaHeader({
  schema,
  onImportFile,
  onExport,
  onDelete,
}: {
  schema: TTargetSchema;
  onImportFile: (file: File) => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const resetRef = useRef<() => void>(null);
  return (
    <PageHeader
      crumbs={[
        { label: 'Home', to: '/dashboard' },
        { label: 'Schemas', to: '/schemas' },
      ]}
      title={schema.name}
      badge={
        <Badge variant="light" size="lg" tt="none" aria-label={`Version ${schema.version}`}>
          v{schema.version}
        </Badge>
      }
      description={
        <Group gap={6} wrap="wrap">
          <Text size="sm" c="dimmed">
            ID
          </Text>
          <Code>{schema.id}</Code>
          <CopyButton value={schema.id}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the ID'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color={copied ? 'green' : 'gray'}
                  size="sm"
                  onClick={copy}
                  aria-label={copied ? 'ID copied' : 'Copy the ID'}
                >
                  {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
          <Text size="sm" c="dimmed">
            · updated {formatDateTime(schema.updated_at)}
            {schema.filename ? ` · from ${schema.filename}` : ''}
          </Text>
        </Group>
      }
      actions={
        <>
          <Button
            component={Link}
            to={`/schema-map/${schema.id}`}
            variant="default"
            leftSection={<IconSitemap size={16} />}
          >
            Schema map
          </Button>
          <FileButton
            resetRef={resetRef}
            accept="application/json,.json"
            onChange={(file) => {
              if (file) onImportFile(file);
              resetRef.current?.();
            }}
            inputProps={{ 'aria-label': 'JSON Schema file to import' }}
          >
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />}>
                Import JSON
              </Button>
            )}
          </FileButton>
          <Tooltip label={`Download version ${schema.version} as a .json file`} withArrow>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={onExport}>
              Export JSON
            </Button>
          </Tooltip>
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
            Delete
          </Button>
        </>
      }
    />
  );
}
