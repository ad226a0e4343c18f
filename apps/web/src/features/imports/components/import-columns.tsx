import {
  Badge,
  Button,
  Code,
  Group,
  type MantineColor,
  Progress,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { TImportColumn } from '@mapwright/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ColumnValuesDrawer } from './column-values.tsx';
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

/** What the profile warns about in a column, in words. */
export function columnWarnings(c: TImportColumn): string[] {
  const out: string[] = [];
  const formats = c.formats ?? [];
  if (formats.length > 1)
    out.push(
      `${formats.length} ways of writing it: ${formats
        .slice(0, 4)
        .map((f) => `like ${f.example} (${f.count.toLocaleString()})`)
        .join(', ')}${formats.length > 4 ? ', …' : ''}`,
    );
  const variants = c.variants ?? [];
  if (variants.length)
    out.push(
      `${variants.length === 1 ? '1 value' : `${variants.length} values`} spelled several ways: ${variants
        .slice(0, 3)
        .map((v) => v.values.map((x) => `“${x.value}”`).join(' = '))
        .join('; ')}${variants.length > 3 ? '; …' : ''}`,
    );
  return out;
}

/** The profile of each column: its type, format/layout, how often it is empty, warnings and examples. */
export function ImportColumns({ columns, importId }: { columns: TImportColumn[]; importId?: string }) {
  const [valuesOf, setValuesOf] = useState<string | null>(null);
  return (
    <Table.ScrollContainer minWidth={720}>
      {importId && (
        <ColumnValuesDrawer importId={importId} column={valuesOf} onClose={() => setValuesOf(null)} />
      )}
      <Table verticalSpacing="xs" aria-label="Columns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Format / layout</Table.Th>
            <Table.Th w={160}>Empty</Table.Th>
            <Table.Th ta="right">Distinct</Table.Th>
            <Table.Th>Examples and warnings</Table.Th>
            {importId && <Table.Th />}
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
                <Stack gap={4} align="flex-start">
                  <TypeBadge type={c.type} />
                  {c.semantic && c.semantic !== 'text' && c.semantic !== c.type && (
                    <Badge variant="outline" color="gray" tt="none" title="What the values are">
                      {c.semantic}
                    </Badge>
                  )}
                </Stack>
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
              <Table.Td maw={360}>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" truncate="end">
                    {c.examples.slice(0, 3).map(cellText).join(' · ')}
                  </Text>
                  {columnWarnings(c).map((w) => (
                    <Group key={w} gap={4} wrap="nowrap" align="flex-start">
                      <IconAlertTriangle size={12} color="var(--mantine-color-orange-8)" aria-hidden />
                      <Text size="xs" c="orange.9" style={{ overflowWrap: 'anywhere' }}>
                        {w}
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </Table.Td>
              {importId && (
                <Table.Td>
                  <Button size="compact-xs" variant="light" onClick={() => setValuesOf(c.path)}>
                    Values
                  </Button>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
