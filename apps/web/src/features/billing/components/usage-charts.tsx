import { BarChart } from '@mantine/charts';
import { Box, Paper, SegmentedControl, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TUsageKind, TUsageReport } from '@mapwright/contracts';
import { useState } from 'react';
import { formatCount, KIND_LABELS } from '../lib/usage.ts';
import './styles.ts';

const CHARTED: TUsageKind[] = ['records_processed', 'job_runs', 'pipelines_created', 'workflow_runs'];

/** One kind per day as bars; a caption states the total for screen readers. */
export function UsagePerDay({ report }: { report: TUsageReport }) {
  const [kind, setKind] = useState<TUsageKind>('records_processed');
  const kinds: TUsageKind[] = report.llm_configured ? [...CHARTED, 'llm_tokens'] : CHARTED;
  const data = report.by_day.map((d) => ({ day: d.day.slice(5), value: d.counts[kind] ?? 0 }));
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Per day
        </Title>
        <SegmentedControl
          aria-label="What to chart"
          size="xs"
          value={kind}
          onChange={(v) => setKind(v as TUsageKind)}
          data={kinds.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          style={{ alignSelf: 'flex-start' }}
        />
        <Box component="figure" m={0}>
          <BarChart
            h={240}
            data={data}
            dataKey="day"
            series={[{ name: 'value', color: 'violet.6', label: KIND_LABELS[kind] }]}
            valueFormatter={formatCount}
            xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
            yAxisProps={{ width: 56 }}
            gridAxis="y"
            maxBarWidth={28}
          />
          <VisuallyHidden component="figcaption">
            {KIND_LABELS[kind]} from {report.from} to {report.to}: {formatCount(report.totals[kind] ?? 0)}.
          </VisuallyHidden>
        </Box>
      </Stack>
    </Paper>
  );
}

/** Per pipeline or per user: a table of the counted kinds (names are long; bars would hide them). */
export function UsageTable({
  title,
  rows,
  empty,
  llm,
}: {
  title: string;
  rows: { id: string; name: string; counts: Record<string, number> }[];
  empty: string;
  llm: boolean;
}) {
  const cols: TUsageKind[] = llm ? [...CHARTED, 'llm_calls', 'llm_tokens'] : CHARTED;
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} fz="md" mb="sm">
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                {cols.map((k) => (
                  <Table.Th key={k} ta="right">
                    {KIND_LABELS[k]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.name}</Table.Td>
                  {cols.map((k) => (
                    <Table.Td key={k} ta="right">
                      {formatCount(r.counts[k] ?? 0)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
