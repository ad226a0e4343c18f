import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorBlock } from '../../../components/ui/query-state.tsx';
import { activityKey, useActivity } from '../api/activity.ts';
import { useDashboard } from '../hooks/use-dashboard.ts';
import { totalsOf } from '../lib/activity.ts';
import { formatCount, formatPercent } from '../lib/format.ts';
import { hasDashboardLoaded, toggleDashboardRefresh } from '../stores/dashboard-store.ts';
import { CountCards } from './count-cards.tsx';
import { LazyActivityChart as ActivityChart } from './lazy-activity-chart.tsx';
import { RecentJobs, RecentPipelines } from './recent-lists.tsx';
import './styles.ts';

/** the dashboard chart's period */
const DASHBOARD_DAYS = 14;

const STEPS = [
  { label: 'Import a file of source records', to: '/imports' },
  { label: 'Describe the target with a schema', to: '/schemas' },
  { label: 'Create a pipeline and review its mapping', to: '/pipelines' },
];

/** /dashboard: counts, the newest jobs and pipelines, and records processed per day. */
export function DashboardPage({
  name,
  orgName,
  tracker,
}: {
  name: string;
  orgName: string;
  tracker?: ReactNode;
}) {
  const firstName = name.split(/\s+/)[0] || name;
  const state = useDashboard();
  const activity = useActivity(DASHBOARD_DAYS);
  const qc = useQueryClient();
  const loaded = hasDashboardLoaded();
  const refreshing = state.loadingState === 'loading' && loaded;

  const refresh = () => {
    toggleDashboardRefresh();
    void qc.invalidateQueries({ queryKey: activityKey });
  };
  const totals = activity.data ? totalsOf(activity.data.days) : null;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <div>
          <Title order={1} fz={26}>
            Welcome, {firstName}
          </Title>
          <Text c="dimmed" mt={4}>
            Here is what is happening in {orgName}.
          </Text>
        </div>
        <Group gap="sm">
          {tracker}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={refresh}
            loading={refreshing}
          >
            Refresh
          </Button>
        </Group>
      </Group>

      {state.loadingState === 'error' && !loaded ? (
        <ErrorBlock error={new Error('The dashboard could not be loaded.')} onRetry={refresh} />
      ) : (
        <>
          {state.loadingState === 'error' && (
            <Text size="sm" c="red.8" role="alert">
              Could not refresh the dashboard; the numbers below are from the last successful load.
            </Text>
          )}
          <CountCards state={state} loaded={loaded} />
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="activity-title">
            <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
              <div>
                <Title order={2} fz="md" id="activity-title">
                  Records processed, last {DASHBOARD_DAYS} days
                </Title>
                <Text size="sm" c="dimmed">
                  {totals && totals.runs > 0
                    ? `${formatCount(totals.processed)} records in ${formatCount(totals.runs)} runs · ${formatCount(totals.failed)} failed (${formatPercent(totals.failureRate)})`
                    : 'Valid and failed records per day (UTC).'}
                </Text>
              </div>
              <Anchor component={Link} to="/overview" size="sm">
                <Group gap={4} component="span">
                  Open the overview <IconArrowRight size={14} />
                </Group>
              </Anchor>
            </Group>
            {activity.isError ? (
              <ErrorBlock error={activity.error} onRetry={() => void activity.refetch()} />
            ) : (
              <ActivityChart days={activity.data?.days} />
            )}
          </Paper>
          {loaded && (state.jobCount > 0 || state.pipelineCount > 0) && (
            <Grid gap="md">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <RecentJobs jobs={state.jobs} results={state.results} total={state.jobCount} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <RecentPipelines pipelines={state.pipelines} total={state.pipelineCount} />
              </Grid.Col>
            </Grid>
          )}
          {loaded && state.pipelineCount === 0 && (
            <Paper withBorder radius="md" p="lg" component="section" aria-label="Getting started">
              <Title order={2} fz="md" mb="sm">
                Getting started
              </Title>
              <Stack gap={6} component="ol" m={0} pl="lg">
                {STEPS.map((s) => (
                  <li key={s.to}>
                    <Anchor component={Link} to={s.to} size="sm">
                      {s.label}
                    </Anchor>
                  </li>
                ))}
              </Stack>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
