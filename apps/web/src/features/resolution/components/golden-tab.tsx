import { Button, Group, Menu, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TResolution } from '@mapwright/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useRecords } from '../api.ts';
import { fieldsOf, type Member, membersOf } from './clusters.ts';

type Rule = 'most_frequent' | 'longest' | 'latest' | 'source_priority';
const RULES: { value: Rule; label: string }[] = [
  { value: 'most_frequent', label: 'Most frequent' },
  { value: 'longest', label: 'Longest non-null' },
  { value: 'latest', label: 'Latest record' },
  { value: 'source_priority', label: 'Source priority (first source)' },
];

const present = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/** One value per field from a cluster's records, by the field's survivorship rule. */
function survive(members: Member[], field: string, rule: Rule): string {
  const values = members
    .map((m) => m.record[field])
    .filter(present)
    .map(String);
  if (!values.length) return '';
  if (rule === 'latest') return values[values.length - 1]!;
  if (rule === 'source_priority') {
    const first = members
      .filter((m) => m.side !== 'right')
      .map((m) => m.record[field])
      .find(present);
    return String(first ?? values[0]);
  }
  if (rule === 'longest') return values.reduce((a, b) => (b.length > a.length ? b : a));
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

const csvCell = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);

/** A golden record per entity: a survivorship rule per field, any cell overridable by a click. */
export function GoldenTab({ resolution }: { resolution: TResolution }) {
  const records = useRecords(resolution.id, true);
  const [rules, setRules] = useState<Record<string, Rule>>({});
  const [overrides, setOverrides] = useState<Record<string, string>>({});
  if (records.isPending) return <LoadingBlock label="Loading records…" />;
  if (records.isError) return <ErrorBlock error={records.error} onRetry={() => void records.refetch()} />;
  const fields = fieldsOf(records.data.items);
  const clusters = [...membersOf(resolution, records.data.items)].sort((a, b) => b[1].length - a[1].length);
  const cellOf = (id: string, members: Member[], f: string) =>
    overrides[`${id}\u0000${f}`] ?? survive(members, f, rules[f] ?? 'most_frequent');
  const exportCsv = () => {
    const lines = [['cluster_id', 'records', ...fields].map(csvCell).join(',')];
    for (const [id, members] of clusters)
      lines.push(
        [id, String(members.length), ...fields.map((f) => cellOf(id, members, f))].map(csvCell).join(','),
      );
    const url = URL.createObjectURL(new Blob([`${lines.join('\n')}\n`], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${resolution.name.replace(/[^\w-]+/g, '_')}-golden-records.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          One record per entity. Pick how each field's value survives; click a value to choose another.
        </Text>
        <Button leftSection={<IconDownload size={16} />} onClick={exportCsv}>
          Export golden records
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={600}>
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Entity</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f}>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {f}
                    </Text>
                    <Select
                      size="xs"
                      aria-label={`Survivorship of ${f}`}
                      data={RULES}
                      value={rules[f] ?? 'most_frequent'}
                      onChange={(v) => v && setRules({ ...rules, [f]: v as Rule })}
                      allowDeselect={false}
                    />
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clusters.slice(0, 200).map(([id, members]) => (
              <Table.Tr key={id}>
                <Table.Td>
                  {id}{' '}
                  <Text span c="dimmed" size="xs">
                    ({members.length})
                  </Text>
                </Table.Td>
                {fields.map((f) => {
                  const options = [
                    ...new Set(
                      members
                        .map((m) => m.record[f])
                        .filter(present)
                        .map(String),
                    ),
                  ];
                  const key = `${id}\u0000${f}`;
                  return (
                    <Table.Td key={f} fw={overrides[key] !== undefined ? 600 : undefined}>
                      {options.length > 1 ? (
                        <Menu position="bottom-start">
                          <Menu.Target>
                            <UnstyledButton fz="sm" style={{ textDecoration: 'underline dotted' }}>
                              {cellOf(id, members, f)}
                            </UnstyledButton>
                          </Menu.Target>
                          <Menu.Dropdown>
                            {options.map((o) => (
                              <Menu.Item key={o} onClick={() => setOverrides({ ...overrides, [key]: o })}>
                                {o}
                              </Menu.Item>
                            ))}
                          </Menu.Dropdown>
                        </Menu>
                      ) : (
                        cellOf(id, members, f)
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
