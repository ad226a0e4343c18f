import { Badge, Code, Group, type MantineColor, Progress, Table, Text, Tooltip } from '@mantine/core';
import type { TImportColumn } from '@mapwright/contracts';
import { cellText } from './format.ts';

const TYPE_COLORS: Record<string, MantineColor> = {
  string: 'gray',
  number: 'blue',
  integer: 'indigo',
  boolean: 'teal',
  date: 'grape',
  'date-time': 'violet',
  object: 'orange',
  array: 'yellow',
};

export function TypeBadge({ type }: { type: string }) {
  return (
    <Badge color={TYPE_COLORS[type] ?? 'gray'} variant="light" tt="none" data-testid="type-badge">
      {type}
    </Badge>
  );
}

/** The profile of each column: its type, format/layout, how often it is empty and examples. */
export function ImportColumns({ columns }: { columns: TImportColumn[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="xs" aria-label="Columns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Format / layout</Table.Th>
            <Table.Th w={160}>Empty</Table.Th>
            <Table.Th ta="right">Distinct</Table.Th>
            <Table.Th>Examples</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((c) => (
            <Table.Tr key={c.path} data-testid={`column-${c.path}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {c.name}
                </Text>
                {c.path !== c.name && (
                  <Text size="xs" c="dimmed">
                    {c.path}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <TypeBadge type={c.type} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {c.format && <Code>{c.format}</Code>}
                  {c.layout && <Code>{c.layout}</Code>}
                  {!c.format && !c.layout && (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Tooltip label={`${(c.null_rate * 100).toFixed(1)}% of rows have no value`}>
                  <Group gap={6} wrap="nowrap">
                    <Progress
                      value={c.null_rate * 100}
                      color={c.null_rate > 0.5 ? 'orange' : 'gray'}
                      w={70}
                      size="sm"
                      aria-label={`${c.name} empty rate`}
                    />
                    <Text size="xs">{(c.null_rate * 100).toFixed(0)}%</Text>
                  </Group>
                </Tooltip>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{c.distinct_count.toLocaleString()}</Text>
              </Table.Td>
              <Table.Td maw={280}>
                <Text size="xs" c="dimmed" truncate="end">
                  {c.examples.slice(0, 3).map(cellText).join(' · ')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
