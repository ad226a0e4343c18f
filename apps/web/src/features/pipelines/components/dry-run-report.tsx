import { BarChart } from '@mantine/charts';
import { Code, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconEqual } from '@tabler/icons-react';
import { EmptyBlock } from '../../../components/ui/query-state.tsx';
import type { TDryRunReport } from '../api/dry-run.ts';
import { formatCount, formatPercent, plural } from '../lib/format.ts';

/** The bars show the fields that change most; the table below lists every one. */
const CHART_FIELDS = 15;

export function DryRunReport({ report }: { report: TDryRunReport }) {
  const fields = [...report.fields].sort((a, b) => b.records_changed - a.records_changed);
  const share = (n: number) =>
    report.records_compared ? ` (${formatPercent(n / report.records_compared)})` : '';
  const against =
    report.compared_against && 'mapper_version' in report.compared_against
      ? `deployed version ${report.compared_against.mapper_version}`
      : report.compared_against
        ? 'the latest run’s mapper'
        : 'no earlier mapper (every value is new)';
  return (
    <Paper withBorder radius="md" p="md" aria-label="Dry run result">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            Dry run result
          </Title>
          <Text size="sm" c="dimmed">
            {plural(report.records_compared, 'record')} from {plural(report.jobs.length, 'job')}, against{' '}
            {against}.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="Records compared" value={formatCount(report.records_compared)} />
          <Stat
            label="Records changed"
            value={`${formatCount(report.records_changed)}${share(report.records_changed)}`}
          />
          <Stat
            label="Newly failing"
            value={formatCount(report.newly_failing)}
            color={report.newly_failing ? 'red.8' : undefined}
          />
          <Stat
            label="Newly passing"
            value={formatCount(report.newly_passing)}
            color={report.newly_passing ? 'green.8' : undefined}
          />
        </SimpleGrid>
        {fields.length === 0 ? (
          <EmptyBlock icon={<IconEqual size={22} />} title="No field changes">
            The draft maps every compared record exactly as before.
          </EmptyBlock>
        ) : (
          <>
            <div
              role="img"
              aria-label={`Records changed per field: ${fields
                .slice(0, CHART_FIELDS)
                .map((f) => `${f.target} ${f.records_changed}`)
                .join(', ')}`}
            >
              <BarChart
                h={Math.max(140, Math.min(fields.length, CHART_FIELDS) * 34 + 40)}
                data={fields
                  .slice(0, CHART_FIELDS)
                  .map((f) => ({ field: f.target, records: f.records_changed }))}
                dataKey="field"
                orientation="vertical"
                series={[{ name: 'records', label: 'Records changed', color: 'purple.6' }]}
                valueFormatter={(v) => formatCount(v)}
                yAxisProps={{ width: 140 }}
                xAxisProps={{ allowDecimals: false }}
                maxBarWidth={26}
                gridAxis="x"
                withBarValueLabel
              />
            </div>
            <Table.ScrollContainer minWidth={360}>
              <Table verticalSpacing={6} aria-label="Records changed per field">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Field</Table.Th>
                    <Table.Th ta="right">Records changed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {fields.map((f) => (
                    <Table.Tr key={f.target}>
                      <Table.Td>
                        <Code>{f.target}</Code>
                      </Table.Td>
                      <Table.Td ta="right">
                        {formatCount(f.records_changed)}
                        {share(f.records_changed)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function Stat({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="xl" c={color}>
        {value}
      </Text>
    </Stack>
  );
}
