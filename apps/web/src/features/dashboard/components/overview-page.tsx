import {
  Anchor,
  Breadcrumbs,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ErrorBlock } from '../../../components/ui/query-state.tsx';
import { useActivity } from '../api/activity.ts';
import { totalsOf } from '../lib/activity.ts';
import { formatCount, formatPercent } from '../lib/format.ts';
import { BusiestPipelines } from './busiest-pipelines.tsx';
import { LazyActivityChart as ActivityChart } from './lazy-activity-chart.tsx';
import './styles.ts';

const PERIODS = ['7', '30', '90'] as const;

function Stat({ label, value, hint, color }: { label: string; value: string; hint: string; color?: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} c={color} mt={2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** /overview: runs, records and failures over 7, 30 or 90 days, and the pipelines doing the most work. */
export function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('days');
  const period = PERIODS.find((p) => p === asked) ?? '30';
  const days = Number(period);
  const activity = useActivity(days);
  const totals = activity.data ? totalsOf(activity.data.days) : null;
  const busiestDay = activity.data?.days.reduce(
    (a, b) => (b.processed > a.processed ? b : a),
    activity.data.days[0]!,
  );

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Breadcrumbs separator="/" mb={6} aria-label="Breadcrumb">
            <Anchor component={Link} to="/dashboard" size="sm">
              Home
            </Anchor>
            <Text size="sm" c="dimmed">
              General
            </Text>
          </Breadcrumbs>
          <Title order={1} fz={26}>
            Overview
          </Title>
          <Text c="dimmed" mt={4}>
            Runs, records and failures across your organization’s pipelines.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Period"
          value={period}
          onChange={(v) => setParams(v === '30' ? {} : { days: v }, { replace: true })}
          data={PERIODS.map((p) => ({ value: p, label: `${p} days` }))}
        />
      </Group>
      {activity.isError ? (
        <ErrorBlock error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            <Stat
              label="Runs"
              value={totals ? formatCount(totals.runs) : '…'}
              hint={`in the last ${days} days`}
            />
            <Stat
              label="Records processed"
              value={totals ? formatCount(totals.processed) : '…'}
              hint={
                busiestDay && busiestDay.processed > 0
                  ? `busiest day ${formatCount(busiestDay.processed)}`
                  : 'mapped and validated'
              }
            />
            <Stat
              label="Failed records"
              value={totals ? formatCount(totals.failed) : '…'}
              hint="quarantined by validation"
              color={totals?.failed ? 'red.8' : undefined}
            />
            <Stat
              label="Failure rate"
              value={totals ? formatPercent(totals.failureRate) : '…'}
              hint="failed ÷ processed"
              color={totals && totals.failureRate > 0.05 ? 'red.8' : undefined}
            />
          </SimpleGrid>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="overview-chart-title">
            <Title order={2} fz="md" id="overview-chart-title">
              Records processed and failed per day
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Last {days} days, by the day each run started (UTC).
            </Text>
            <ActivityChart days={activity.data?.days} height={320} />
          </Paper>
        </>
      )}
      <BusiestPipelines days={days} />
    </Stack>
  );
}
