import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconListCheck, IconTimeline, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatRelative } from '../lib/format.ts';
import type { TDashboardState } from '../stores/dashboard-store.ts';

interface TCard {
  title: string;
  count: number;
  unit: string;
  /** shown when there are some */
  detail: string;
  /** shown when there are none */
  empty: string;
  hint: string;
  to: string;
  action: string;
  icon: ReactNode;
}

function cardsOf(s: TDashboardState): TCard[] {
  const latestJob = s.jobs[0];
  const latestPipeline = s.pipelines[0];
  const running = s.results.filter((r) => r.status === 'queued' || r.status === 'running').length;
  return [
    {
      title: 'Pipelines',
      count: s.pipelineCount,
      unit: 'pipeline',
      detail: latestPipeline ? `Newest: ${latestPipeline.name}` : '',
      empty: 'No pipelines yet',
      hint: 'A pipeline maps sample source records to a target schema. Create them from Pipelines.',
      to: '/pipelines',
      action: s.pipelineCount ? 'View pipelines' : 'Go to Pipelines',
      icon: <IconTimeline size={22} />,
    },
    {
      title: 'Jobs',
      count: s.jobCount,
      unit: 'job',
      detail: latestJob
        ? `${running ? `${running} running · ` : ''}newest created ${formatRelative(latestJob.created_at)}`
        : '',
      empty: 'No jobs yet',
      hint: 'Jobs run a deployed pipeline over your data. They will be listed under Jobs.',
      to: '/jobs',
      action: s.jobCount ? 'View jobs' : 'Go to Jobs',
      icon: <IconListCheck size={22} />,
    },
    {
      title: 'Workshops',
      count: s.workshopCount,
      unit: 'workshop',
      detail: 'Editing sessions on pipelines’ mappings',
      empty: 'No workshops yet',
      hint: 'A workshop is where you review and correct a mapping. Open one from a pipeline.',
      to: '/workshop',
      action: 'Go to Workshop',
      icon: <IconTools size={22} />,
    },
  ];
}

/** Pipeline, job and workshop counts; a zero count keeps its empty state and where to start. */
export function CountCards({ state, loaded }: { state: TDashboardState; loaded: boolean }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {cardsOf(state).map((card) => (
        <Paper key={card.title} withBorder radius="md" p="lg" component="section" aria-label={card.title}>
          <Stack gap="sm" h="100%">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                {card.icon}
              </ThemeIcon>
              <Title order={2} fz="md">
                {card.title}
              </Title>
            </Group>
            {!loaded ? (
              <>
                <Skeleton height={30} width="40%" />
                <Skeleton height={12} width="80%" />
              </>
            ) : card.count > 0 ? (
              <>
                <Text fz={30} fw={700} lh={1.1}>
                  {card.count.toLocaleString()}{' '}
                  <Text span fz="sm" fw={500} c="dimmed">
                    {card.count === 1 ? card.unit : `${card.unit}s`}
                  </Text>
                </Text>
                <Text size="sm" c="dimmed" style={{ flex: 1 }} truncate>
                  {card.detail}
                </Text>
              </>
            ) : (
              <>
                <Text fw={600}>{card.empty}</Text>
                <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                  {card.hint}
                </Text>
              </>
            )}
            <Button
              component={Link}
              to={card.to}
              variant="light"
              rightSection={<IconArrowRight size={16} />}
              w="fit-content"
            >
              {card.action}
            </Button>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
