import {
  ActionIcon,
  Badge,
  Button,
  Grid,
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
import { IconArrowsExchange, IconHistory, IconRestore } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useSchemaDiff } from '../api/schema-diff.ts';
import { type TSchemaVersion, useSchemaVersions } from '../api/schema-versions.ts';
import { schemaToTree } from '../lib/field-tree.ts';
import { countFields } from '../lib/schema-draft.ts';
import { SchemaDiffView } from './schema-diff-view.tsx';

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const formatShort = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

/** Every saved version, newest first; compare any two, or load one into the editor. */
export function SchemaVersions({
  id,
  current,
  onRestore,
}: {
  id: string;
  current: number;
  onRestore: (v: TSchemaVersion) => void;
}) {
  const versions = useSchemaVersions(id);
  if (versions.isPending) return <LoadingBlock label="Loading versions…" />;
  if (versions.isError) return <ErrorBlock error={versions.error} onRetry={() => void versions.refetch()} />;
  const items = versions.data.items;
  if (items.length === 0)
    return (
      <EmptyBlock icon={<IconHistory size={22} />} title="No versions yet">
        Every save adds a version you can compare and restore here.
      </EmptyBlock>
    );
  return <VersionsView id={id} items={items} current={current} onRestore={onRestore} />;
}

function VersionsView({
  id,
  items,
  current,
  onRestore,
}: {
  id: string;
  items: TSchemaVersion[];
  current: number;
  onRestore: (v: TSchemaVersion) => void;
}) {
  // by default: the newest version against the one before it
  const [picked, setPicked] = useState<{ from: number; to: number } | null>(null);
  const from = picked?.from ?? items[1]?.version ?? items[0]!.version;
  const to = picked?.to ?? items[0]!.version;
  const options = useMemo(
    () =>
      items.map((v) => ({
        value: String(v.version),
        label: `Version ${v.version} · ${formatShort(v.created_at)}`,
      })),
    [items],
  );
  const fieldCounts = useMemo(
    () => new Map(items.map((v) => [v.version, countFields(schemaToTree(v.schema).fields)])),
    [items],
  );

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md">
          <Table verticalSpacing="xs" aria-label="Versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((v) => {
                const n = fieldCounts.get(v.version) ?? 0;
                return (
                  <Table.Tr key={v.version}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm" fw={600}>
                          Version {v.version}
                        </Text>
                        {v.version === current && (
                          <Badge size="xs" variant="dot" color="green" style={{ flexShrink: 0 }}>
                            current
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        <time dateTime={v.created_at} title={formatDateTime(v.created_at)}>
                          {formatShort(v.created_at)}
                        </time>{' '}
                        · {n} {n === 1 ? 'field' : 'fields'}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      {v.version !== current && (
                        <Tooltip label="Load it into the editor; save to make it current" withArrow>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            leftSection={<IconRestore size={14} />}
                            onClick={() => onRestore(v)}
                            aria-label={`Restore version ${v.version}`}
                          >
                            Restore
                          </Button>
                        </Tooltip>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="md">
          <Group align="flex-end" gap="xs" wrap="wrap">
            <Select
              label="Compare version"
              data={options}
              value={String(from)}
              onChange={(v) => v && setPicked({ from: Number(v), to })}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Tooltip label="Swap the two versions">
              <ActionIcon
                variant="default"
                size="lg"
                mb={1}
                onClick={() => setPicked({ from: to, to: from })}
                aria-label="Swap the two versions"
              >
                <IconArrowsExchange size={18} />
              </ActionIcon>
            </Tooltip>
            <Select
              label="with version"
              data={options}
              value={String(to)}
              onChange={(v) => v && setPicked({ from, to: Number(v) })}
              allowDeselect={false}
              style={{ flex: 1, minWidth: 200 }}
            />
          </Group>
          <DiffPanel id={id} from={from} to={to} single={items.length === 1} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

function DiffPanel({ id, from, to, single }: { id: string; from: number; to: number; single: boolean }) {
  const same = from === to;
  const diff = useSchemaDiff(id, same ? null : from, same ? null : to);
  if (single)
    return (
      <EmptyBlock icon={<IconHistory size={22} />} title="Only one version so far">
        Every save adds a version. Once there are two, their differences show here.
      </EmptyBlock>
    );
  if (same)
    return (
      <EmptyBlock icon={<IconArrowsExchange size={22} />} title="Pick two different versions">
        Choose another version on one side to see what changed.
      </EmptyBlock>
    );
  if (diff.isPending) return <LoadingBlock label="Comparing versions…" />;
  if (diff.isError) return <ErrorBlock error={diff.error} onRetry={() => void diff.refetch()} />;
  const counts = { added: 0, removed: 0, changed: 0 };
  for (const c of diff.data.changes) counts[c.change]++;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="md">
          From version {from} to version {to}
        </Title>
        <Group gap={6}>
          {counts.added > 0 && (
            <Badge variant="dot" color="green" tt="none">
              {counts.added} added
            </Badge>
          )}
          {counts.removed > 0 && (
            <Badge variant="dot" color="red" tt="none">
              {counts.removed} removed
            </Badge>
          )}
          {counts.changed > 0 && (
            <Badge variant="dot" color="yellow" tt="none">
              {counts.changed} changed
            </Badge>
          )}
        </Group>
      </Group>
      <SchemaDiffView changes={diff.data.changes} from={from} to={to} />
    </Stack>
  );
}
