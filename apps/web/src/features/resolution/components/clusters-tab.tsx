import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TResolution } from '@mapwright/contracts';
import { IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useLabel, useRecords, useRerun, useSideNames } from '../api.ts';
import { fieldsOf, type Member, membersOf, pairOf } from './clusters.ts';

/**
 * Clusters of more than one record: split a record off, or merge clusters; both are remembered.
 * A link is one to one: a link holds one record of each dataset, so "merge" links two unlinked
 * records of different datasets and "split" unlinks.
 */
export function ClustersTab({ resolution }: { resolution: TResolution }) {
  const records = useRecords(resolution.id, true);
  const sideName = useSideNames(resolution);
  const linking = resolution.kind === 'link';
  const label = useLabel(resolution.id);
  const rerun = useRerun(resolution.id);
  const [selected, setSelected] = useState<string[]>([]);
  if (records.isPending) return <LoadingBlock label="Loading clusters…" />;
  if (records.isError) return <ErrorBlock error={records.error} onRetry={() => void records.refetch()} />;
  const clusters = [...membersOf(resolution, records.data.items)].sort((a, b) => b[1].length - a[1].length);
  const multi = clusters.filter(([, m]) => m.length > 1);
  // the key is shown first already
  const fields = fieldsOf(records.data.items)
    .filter((f) => f !== resolution.id_column)
    .slice(0, 5);
  const split = async (member: Member, members: Member[]) => {
    for (const other of members)
      if (other !== member) {
        const [a, b] = pairOf(member, other);
        await label.mutateAsync({ a_key: a, b_key: b, label: 'no' });
      }
    rerun.mutate({});
  };
  const merge = async () => {
    const firsts = selected
      .map((id) => clusters.find(([c]) => c === id)?.[1][0])
      .filter((m): m is Member => !!m);
    for (let i = 1; i < firsts.length; i++) {
      const [a, b] = pairOf(firsts[0]!, firsts[i]!);
      await label.mutateAsync({ a_key: a, b_key: b, label: 'yes' });
    }
    setSelected([]);
    rerun.mutate({});
  };
  const shown = [...multi, ...clusters.filter(([, m]) => m.length === 1).slice(0, 20)];
  const picked = selected.map((id) => clusters.find(([c]) => c === id)?.[1] ?? []);
  // a link joins one unlinked record of each dataset
  const canMerge = linking
    ? picked.length === 2 &&
      picked.every((m) => m.length === 1) &&
      picked[0]?.[0]?.side !== picked[1]?.[0]?.side
    : selected.length >= 2;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {linking
            ? `${multi.length.toLocaleString('en')} links, each one record of ${sideName('left')} with one of ${sideName('right')}. Tick an unlinked record of each to link them; unlink a pair that is wrong. Decisions are kept for every later run.`
            : `${multi.length.toLocaleString('en')} entities with more than one record. Tick two or more to merge them; split a record off its cluster. Decisions are kept for every later run.`}
        </Text>
        <Button onClick={() => void merge()} disabled={!canMerge} loading={rerun.isPending}>
          {linking ? 'Link' : 'Merge'} {selected.length || ''} selected
        </Button>
      </Group>
      {shown.length === 0 && (
        <EmptyBlock icon={<IconUsersGroup size={22} />} title="No records">
          The run produced no records.
        </EmptyBlock>
      )}
      {shown.map(([id, members]) => (
        <Paper key={id} withBorder p="sm" radius="md" data-testid="cluster">
          <Group justify="space-between" mb={6}>
            <Checkbox
              label={`Entity ${id}`}
              checked={selected.includes(id)}
              onChange={(e) =>
                setSelected(e.currentTarget.checked ? [...selected, id] : selected.filter((x) => x !== id))
              }
            />
            <Badge variant="light">{members.length === 1 ? '1 record' : `${members.length} records`}</Badge>
          </Group>
          <Table fz="sm" verticalSpacing={4}>
            <Table.Tbody>
              {members.map((m) => (
                <Table.Tr key={`${m.side}-${m.key}`}>
                  <Table.Td fw={500}>{m.key}</Table.Td>
                  {m.side && (
                    <Table.Td>
                      <Badge size="sm" variant="light" color={m.side === 'left' ? 'blue' : 'grape'}>
                        {sideName(m.side)}
                      </Badge>
                    </Table.Td>
                  )}
                  {fields.map((f) => (
                    <Table.Td key={f}>{String(m.record[f] ?? '')}</Table.Td>
                  ))}
                  <Table.Td ta="right">
                    {members.length > 1 && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        onClick={() => void split(m, members)}
                      >
                        {linking ? 'Unlink' : 'Split off'} {m.key}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
