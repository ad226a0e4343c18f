import { BarChart } from '@mantine/charts';
import { Box, Center, Skeleton, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { chartRows, type TDay, totalsOf } from '../lib/activity.ts';
import { formatCompact, formatCount, formatPercent } from '../lib/format.ts';
import './styles.ts';

/**
 * Records processed per day, stacked as valid and failed. A caption states the totals for screen
 * readers; a period without runs says so instead of drawing empty axes.
 */
export function ActivityChart({ days, height = 260 }: { days: TDay[] | undefined; height?: number }) {
  if (!days) return <Skeleton height={height} radius="md" />;
  const totals = totalsOf(days);
  if (totals.runs === 0)
    return (
      <Center h={height}>
        <Stack align="center" gap={6}>
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconChartBar size={22} />
          </ThemeIcon>
          <Text fw={600}>No runs in the last {days.length} days</Text>
          <Text size="sm" c="dimmed" ta="center" maw={380}>
            Records processed and failed per day appear here once jobs run.
          </Text>
        </Stack>
      </Center>
    );
  return (
    <Box component="figure" m={0}>
      <BarChart
        h={height}
        data={chartRows(days)}
        dataKey="day"
        type="stacked"
        series={[
          { name: 'Valid', color: 'teal.6', label: 'Valid records' },
          { name: 'Failed', color: 'red.6', label: 'Failed records' },
        ]}
        valueFormatter={formatCount}
        yAxisProps={{ tickFormatter: (v: number) => formatCompact(v), width: 48 }}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        gridAxis="x"
        maxBarWidth={28}
      />
      <VisuallyHidden component="figcaption">
        Over the last {days.length} days: {formatCount(totals.processed)} records processed in{' '}
        {formatCount(totals.runs)} runs, {formatCount(totals.failed)} failed (
        {formatPercent(totals.failureRate)}).
      </VisuallyHidden>
    </Box>
  );
}
