import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Tabs, Text } from '@mantine/core';
import type { TFlowDriftDiff, TFlowWritePreview } from '@mapwright/contracts';
import { IconAlertTriangle, IconCheck, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCount } from '../../../lib/format.ts';

const cell = (v: unknown) => (v == null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A few rows as a table: the columns of the first rows, values as text. */
export function RowsTable({ rows, label }: { rows: Record<string, unknown>[]; label: string }) {
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed">
        No rows.
      </Text>
    );
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))].slice(0, 12);
  return (
    <Table.ScrollContainer minWidth={400}>
      <Table striped withTableBorder fz="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th key={c}>{c}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: sample rows have no id
            <Table.Tr key={i}>
              {cols.map((c) => (
                <Table.Td key={c} style={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {cell(r[c])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The write preview a run stopped at: what the destination would get, per key, and Approve. */
export function WritePreviewPanel({
  stepName,
  preview,
  onApprove,
  approving,
}: {
  stepName: string;
  preview: TFlowWritePreview;
  onApprove: () => void;
  approving: boolean;
}) {
  const counts = [
    { label: 'Inserted', n: preview.inserted, c: 'green' },
    { label: 'Updated', n: preview.updated, c: 'blue' },
    { label: 'Unchanged', n: preview.unchanged, c: 'gray' },
    { label: 'Rejected', n: preview.rejected, c: 'red' },
  ];
  return (
    <Alert
      color="yellow"
      icon={<IconEye size={18} />}
      title={`Write preview: ${stepName} waits for approval`}
    >
      <Stack gap="sm">
        <Text size="sm">
          Nothing is written yet.{' '}
          {preview.key.length
            ? `Rows are matched on ${preview.key.join(' + ')}.`
            : 'Without a key every row is new.'}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {counts.map((c) => (
            <Stack
              key={c.label}
              gap={0}
              p="xs"
              style={{ background: 'var(--mantine-color-body)', borderRadius: 6 }}
            >
              <Text size="xs" c="dimmed">
                {c.label}
              </Text>
              <Text fw={700} size="lg" c={`${c.c}.8`} data-testid={`preview-${c.label.toLowerCase()}`}>
                {formatCount(c.n)}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <Tabs defaultValue="inserted" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="inserted">Inserted ({preview.samples.inserted.length})</Tabs.Tab>
            <Tabs.Tab value="updated">Updated ({preview.samples.updated.length})</Tabs.Tab>
            <Tabs.Tab value="rejected">Rejected ({preview.samples.rejected.length})</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="inserted" pt="xs">
            <RowsTable rows={preview.samples.inserted} label="Rows that would be inserted" />
          </Tabs.Panel>
          <Tabs.Panel value="updated" pt="xs">
            <RowsTable
              rows={preview.samples.updated.flatMap((u) => [
                { '': 'before', ...u.before },
                { '': 'after', ...u.after },
              ])}
              label="Rows that would be updated, before and after"
            />
          </Tabs.Panel>
          <Tabs.Panel value="rejected" pt="xs">
            <RowsTable
              rows={preview.samples.rejected.map((r) => ({ error: r.error, ...r.row }))}
              label="Rows the destination would reject"
            />
          </Tabs.Panel>
        </Tabs>
        <Group>
          <Button leftSection={<IconCheck size={16} />} onClick={onApprove} loading={approving}>
            Approve and write
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** The drift gate: a source's columns changed in a way a later step uses; re-map in the workshop. */
export function DriftPanel({ stepName, diff }: { stepName: string; diff: TFlowDriftDiff }) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title={`Paused: the columns of ${stepName} changed`}
    >
      <Stack gap="xs">
        <Table withTableBorder fz="xs" aria-label="Changed columns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Column</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>Used by</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.removed.map((r) => (
              <Table.Tr key={`r-${r.column}`}>
                <Table.Td ff="monospace">{r.column}</Table.Td>
                <Table.Td c="red.8">removed</Table.Td>
                <Table.Td>{r.used_by.join(', ')}</Table.Td>
              </Table.Tr>
            ))}
            {diff.type_changed.map((r) => (
              <Table.Tr key={`t-${r.column}`}>
                <Table.Td ff="monospace">{r.column}</Table.Td>
                <Table.Td c="orange.8">
                  {r.from ?? '?'} → {r.to ?? '?'}
                </Table.Td>
                <Table.Td>{r.used_by.join(', ')}</Table.Td>
              </Table.Tr>
            ))}
            {diff.added.map((r) => (
              <Table.Tr key={`a-${r.column}`}>
                <Table.Td ff="monospace">{r.column}</Table.Td>
                <Table.Td c="green.8">added{r.type ? ` (${r.type})` : ''}</Table.Td>
                <Table.Td>—</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {diff.workshop_url && (
          <Anchor component={Link} to={diff.workshop_url} size="sm" fw={500}>
            Re-map in the workshop
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}
