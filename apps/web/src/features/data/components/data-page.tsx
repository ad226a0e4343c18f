import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { TDatasetSummary, TLineageLink } from '@mapwright/contracts';
import { IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount, formatDateTime, formatRelative } from '../../../lib/format.ts';
import { useDatasets } from '../api/datasets.ts';
import { DatasetDrawer } from './dataset-preview.tsx';
import { fieldsLabel, formatBytes, kindLabel } from './kinds.ts';

function Links({ links, none }: { links: TLineageLink[]; none: string }) {
  if (!links.length)
    return (
      <Text size="xs" c="dimmed">
        {none}
      </Text>
    );
  return (
    <Stack gap={2}>
      {links.slice(0, 3).map((l) =>
        l.path ? (
          <Anchor key={`${l.type}:${l.id}`} component={Link} to={l.path} size="xs">
            {l.name}
          </Anchor>
        ) : (
          <Text key={`${l.type}:${l.id}`} size="xs">
            {l.name}
          </Text>
        ),
      )}
      {links.length > 3 && (
        <Text size="xs" c="dimmed">
          and {links.length - 3} more
        </Text>
      )}
    </Stack>
  );
}

function ColumnsCell({ fields }: { fields: TDatasetSummary['fields'] }) {
  const { count, names } = fieldsLabel(fields);
  return (
    <Text size="xs" lineClamp={2} title={names}>
      <Text span size="xs" c="dimmed">
        {count}
        {names ? ': ' : ''}
      </Text>
      {names}
    </Text>
  );
}

/** /data: every dataset of the organization, whatever made it, with lineage and a preview. */
export function DataPage() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState<string | null>(null);
  const [open, setOpen] = useState<TDatasetSummary | null>(null);
  const list = useDatasets(page, kind);
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Data' }]}
        title="Data overview"
        description="Every dataset in your organization: what wrote it, what reads it, and its rows."
        actions={
          list.data && list.data.kinds.length > 1 ? (
            <Select
              aria-label="Kind of dataset"
              placeholder="All kinds"
              clearable
              w={220}
              value={kind}
              onChange={(v) => {
                setKind(v);
                setPage(1);
              }}
              data={list.data.kinds.map((k) => ({ value: k.kind, label: `${kindLabel(k.kind)} (${k.count})` }))}
            />
          ) : undefined
        }
      />
      {list.isPending ? (
        <LoadingBlock label="Loading datasets…" />
      ) : list.isError ? (
        <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.total === 0 ? (
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconDatabase size={22} />} title="No datasets yet">
            Datasets appear when you import a file or run a pipeline.{' '}
            <Anchor component={Link} to="/imports">
              Import a file
            </Anchor>
          </EmptyBlock>
        </Paper>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Dataset</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th ta="right">Rows</Table.Th>
                  <Table.Th ta="right">Size</Table.Th>
                  <Table.Th>Columns</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>Written by</Table.Th>
                  <Table.Th>Read by</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" px={4} onClick={() => setOpen(d)}>
                        {d.name}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm" tt="none" style={{ overflow: 'visible' }}>
                        {kindLabel(d.kind)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(d.row_count)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatBytes(d.size_bytes)}
                    </Table.Td>
                    <Table.Td maw={220}>
                      <ColumnsCell fields={d.fields} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" title={formatDateTime(d.updated_at)}>
                        {formatRelative(d.updated_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Links links={d.written_by} none="Unknown" />
                    </Table.Td>
                    <Table.Td>
                      <Links links={d.read_by} none="Nothing yet" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {list.data.pages > 1 && (
            <Group justify="flex-end" p="sm">
              <Pager total={list.data.pages} value={page} onChange={setPage} />
            </Group>
          )}
        </Paper>
      )}
      <DatasetDrawer ds={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
