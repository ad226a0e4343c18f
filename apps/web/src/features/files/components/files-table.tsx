import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TFile } from '@mapwright/contracts';
import {
  IconDatabaseImport,
  IconDots,
  IconDownload,
  IconHistory,
  IconPencil,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { fileKind, formatBytes, formatDateTime, formatRelative, plural } from '../lib/format.ts';

export interface TFileActions {
  onVersions: (file: TFile) => void;
  onNewVersion: (file: TFile) => void;
  onRename: (file: TFile) => void;
  onDownload: (file: TFile) => void;
  onDelete: (file: TFile) => void;
  /** starts an import of the file's current version */
  onImport: (file: TFile) => void;
}

/** The files of one page; the name opens the versions, the menu holds every other action. */
export function FilesTable({
  files,
  projectNames,
  importing,
  ...actions
}: TFileActions & {
  files: TFile[];
  /** the file whose import is being started */
  importing?: string | null;
  /** set on the file manager across projects: shows which project each file is in */
  projectNames?: Map<string, string>;
}) {
  return (
    <Table.ScrollContainer minWidth={projectNames ? 980 : 860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Files">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            {projectNames && <Table.Th>Project</Table.Th>}
            <Table.Th>Kind</Table.Th>
            <Table.Th>Current version</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Updated</Table.Th>
            <Table.Th w={150}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {files.map((f) => (
            <FileRow
              key={f.id}
              file={f}
              projectNames={projectNames}
              importing={importing === f.id}
              {...actions}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function FileRow({
  file: f,
  projectNames,
  onVersions,
  onNewVersion,
  onRename,
  onDownload,
  onDelete,
  onImport,
  importing,
}: TFileActions & { file: TFile; projectNames?: Map<string, string>; importing: boolean }) {
  const v = f.current_version;
  return (
    <Table.Tr>
      <Table.Td maw={340}>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            ta="left"
            truncate="end"
            title={f.name}
            onClick={() => onVersions(f)}
            aria-label={`${f.name}: show versions`}
          >
            {f.name}
          </Anchor>
          {v && v.filename !== f.name && (
            <Text size="xs" c="dimmed" truncate="end" title={v.filename}>
              {v.filename}
            </Text>
          )}
        </Stack>
      </Table.Td>
      {projectNames && (
        <Table.Td maw={200}>
          {f.project_id ? (
            <Anchor
              component={Link}
              to={`/projects/${f.project_id}`}
              size="sm"
              truncate="end"
              display="block"
              maw={200}
              title={projectNames.get(f.project_id)}
            >
              {projectNames.get(f.project_id) ?? 'Open project'}
            </Anchor>
          ) : (
            <Text size="sm" c="dimmed">
              —
            </Text>
          )}
        </Table.Td>
      )}
      <Table.Td>
        <Badge variant="light" color="gray" radius="sm" tt="none">
          {v ? fileKind(v.content_type, v.filename) : 'File'}
        </Badge>
      </Table.Td>
      <Table.Td maw={220}>
        {v ? (
          <Group gap={6} wrap="nowrap">
            <Badge variant="light" radius="sm" tt="none" style={{ flexShrink: 0 }}>
              v{v.number}
            </Badge>
            <Text size="sm" c={v.label ? undefined : 'dimmed'} truncate="end" title={v.label || undefined}>
              {v.label || `of ${plural(f.versions_count, 'version')}`}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            No version
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {v ? formatBytes(v.size) : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed" title={formatDateTime(f.updated_at)} style={{ whiteSpace: 'nowrap' }}>
          {formatRelative(f.updated_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDatabaseImport size={14} />}
            onClick={() => onImport(f)}
            disabled={!v}
            loading={importing}
            aria-label={`Import ${f.name}`}
          >
            Import
          </Button>
          <Menu position="bottom-end" width={230} withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${f.name}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconDatabaseImport size={16} />}
                onClick={() => onImport(f)}
                disabled={!v || importing}
              >
                Import current version
              </Menu.Item>
              <Menu.Item leftSection={<IconUpload size={16} />} onClick={() => onNewVersion(f)}>
                Upload new version
              </Menu.Item>
              <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => onVersions(f)}>
                Versions ({f.versions_count})
              </Menu.Item>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(f)}>
                Rename
              </Menu.Item>
              <Menu.Item leftSection={<IconDownload size={16} />} onClick={() => onDownload(f)} disabled={!v}>
                Download current version
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onDelete(f)}>
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
