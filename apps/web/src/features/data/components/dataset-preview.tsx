import { Badge, Code, Drawer, Group, ScrollArea, Stack, Table, Tabs, Text } from '@mantine/core';
import { RECORD_FIELDS_SAMPLE, type TDatasetSummary } from '@mapwright/contracts';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount } from '../../../lib/format.ts';
import { PREVIEW_PAGE_SIZE, useDatasetRows } from '../api/datasets.ts';
import { fieldsLabel, kindLabel } from './kinds.ts';

const cell = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function Preview({ ds }: { ds: TDatasetSummary }) {
  const [page, setPage] = useState(1);
  const rows = useDatasetRows(ds.id, page);
  if (rows.isPending) return <LoadingBlock label="Loading rows…" />;
  if (rows.isError) return <ErrorBlock error={rows.error} onRetry={() => void rows.refetch()} />;
  if (rows.data.total === 0)
    return (
      <Text size="sm" c="dimmed">
        This dataset has no rows.
      </Text>
    );
  const keys = [...new Set(rows.data.items.flatMap((r) => Object.keys(r.record)))];
  return (
    <Stack gap="sm">
      <ScrollArea type="auto">
        <Table striped withTableBorder fz="xs" style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              {keys.map((k) => (
                <Table.Th key={k}>{k}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.data.items.map((r) => (
              <Table.Tr key={r.index}>
                <Table.Td c="dimmed">{r.index + 1}</Table.Td>
                {keys.map((k) => (
                  <Table.Td key={k} maw={320} style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                    {cell(r.record[k])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Rows {formatCount((page - 1) * PREVIEW_PAGE_SIZE + 1)}–
          {formatCount(Math.min(page * PREVIEW_PAGE_SIZE, rows.data.total))} of {formatCount(rows.data.total)}
        </Text>
        {rows.data.pages > 1 && <Pager size="sm" total={rows.data.pages} value={page} onChange={setPage} />}
      </Group>
    </Stack>
  );
}

/** One dataset: its schema and a paged preview of its rows. */
export function DatasetDrawer({ ds, onClose }: { ds: TDatasetSummary | null; onClose: () => void }) {
  return (
    <Drawer opened={!!ds} onClose={onClose} position="right" size="xl" title={ds?.name} closeButtonProps={{ 'aria-label': 'Close dataset' }}>
      {ds && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge variant="light">{kindLabel(ds.kind)}</Badge>
            <Text size="sm" c="dimmed">
              {formatCount(ds.row_count)} rows · {fieldsLabel(ds.fields).count.toLowerCase()}
            </Text>
          </Group>
          <Tabs defaultValue="preview" keepMounted={false}>
            <Tabs.List>
              <Tabs.Tab value="preview">Preview</Tabs.Tab>
              <Tabs.Tab value="schema">Schema</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="preview" pt="md">
              <Preview ds={ds} />
            </Tabs.Panel>
            <Tabs.Panel value="schema" pt="md">
              {ds.layout === 'records' && ds.row_count > RECORD_FIELDS_SAMPLE && (
                <Text size="xs" c="dimmed" mb="xs">
                  The fields found in the first {RECORD_FIELDS_SAMPLE} records: later ones may hold more.
                </Text>
              )}
              <Table withTableBorder fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Column</Table.Th>
                    <Table.Th>Type</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(ds.fields ?? []).map((c) => (
                    <Table.Tr key={c.name}>
                      <Table.Td>
                        <Code>{c.name}</Code>
                      </Table.Td>
                      <Table.Td>{c.type}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Drawer>
  );
}
