import { Alert, Drawer, Group, Loader, Progress, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useImportDuplicates, useImportValues } from '../api/import-values.ts';

/** A column's values over every row, most frequent first, with a search. */
export function ColumnValuesDrawer({
  importId,
  column,
  onClose,
}: {
  importId: string;
  column: string | null;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const q = useImportValues(importId, column, debounced);
  const top = q.data?.values[0]?.count ?? 1;
  return (
    <Drawer
      opened={column !== null}
      onClose={() => {
        setSearch('');
        onClose();
      }}
      title={`Values of ${column ?? ''}`}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close the values' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Search values"
          placeholder="Part of a value, any case"
          leftSection={<IconSearch size={14} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          data-autofocus
        />
        {q.isPending && column !== null ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Counting values" />
          </Group>
        ) : q.isError ? (
          <Alert color="red" title="Could not count the values">
            {q.error.message}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {q.data?.distinct.toLocaleString()} distinct{' '}
              {debounced ? `values containing “${debounced}”` : 'values'}
              {q.data && q.data.distinct > q.data.values.length
                ? `; the ${q.data.values.length} most frequent:`
                : ''}
            </Text>
            {q.data?.values.length === 0 ? (
              <Text size="sm">No value matches.</Text>
            ) : (
              <Table verticalSpacing={4} aria-label={`Values of ${column}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Value</Table.Th>
                    <Table.Th ta="right">Rows</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.data?.values.map((v) => (
                    <Table.Tr key={v.value ?? '\u0000null'}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        {v.value === null ? (
                          <Text size="sm" c="dimmed" fs="italic">
                            empty
                          </Text>
                        ) : (
                          <Text size="sm">{JSON.stringify(v.value).slice(1, -1)}</Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <Text size="sm">{v.count.toLocaleString()}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Progress value={(v.count / top) * 100} size="sm" aria-hidden />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </>
        )}
      </Stack>
    </Drawer>
  );
}

/** Rows that repeat another row exactly, named by their source lines. */
export function DuplicateRows({ importId }: { importId: string }) {
  const q = useImportDuplicates(importId, true);
  if (!q.data?.duplicates) return null;
  const groups = q.data.groups;
  return (
    <Alert color="orange" icon={<IconCopy size={16} aria-hidden />} title="Duplicate rows">
      <Text size="sm">
        {q.data.duplicates === 1
          ? '1 row repeats another row exactly'
          : `${q.data.duplicates.toLocaleString()} rows repeat another row exactly`}
        {': '}
        {groups
          .slice(0, 5)
          .map(
            (g) =>
              `lines ${g.lines.join(', ')}${g.count > g.lines.length ? ` and ${g.count - g.lines.length} more` : ''}`,
          )
          .join('; ')}
        {groups.length > 5 ? '; …' : '.'}
      </Text>
    </Alert>
  );
}
