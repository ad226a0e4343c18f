import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconListCheck, IconTimeline, IconTools } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface TSummaryCard {
  title: string;
  empty: string;
  hint: string;
  to: string;
  action: string;
  icon: ReactNode;
}

/**
 * Pipelines, jobs and workshops do not exist yet in this release, so each card shows its empty
 * state and where it will be created — no counts until there is something to count.
 */
const CARDS: TSummaryCard[] = [
  {
    title: 'Pipelines',
    empty: 'No pipelines yet',
    hint: 'A pipeline maps sample source records to a target schema. Create them from Pipelines.',
    to: '/pipelines',
    action: 'Go to Pipelines',
    icon: <IconTimeline size={22} />,
  },
  {
    title: 'Jobs',
    empty: 'No jobs yet',
    hint: 'Jobs run a deployed pipeline over your data. They will be listed under Jobs.',
    to: '/jobs',
    action: 'Go to Jobs',
    icon: <IconListCheck size={22} />,
  },
  {
    title: 'Workshops',
    empty: 'No workshops yet',
    hint: 'A workshop is where you review and correct a mapping. Open one from a pipeline.',
    to: '/workshop',
    action: 'Go to Workshop',
    icon: <IconTools size={22} />,
  },
];

const STEPS = [
  { label: 'Import a file of source records', to: '/imports' },
  { label: 'Describe the target with a schema', to: '/schemas' },
  { label: 'Create a pipeline and review its mapping', to: '/pipelines' },
];

export function DashboardPage({ name, orgName }: { name: string; orgName: string }) {
  const firstName = name.split(/\s+/)[0] || name;
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} fz={26}>
          Welcome, {firstName}
        </Title>
        <Text c="dimmed" mt={4}>
          Here is what is happening in {orgName}.
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {CARDS.map((card) => (
          <Paper key={card.title} withBorder radius="md" p="lg" component="section" aria-label={card.title}>
            <Stack gap="sm" h="100%">
              <Group gap="sm">
                <ThemeIcon variant="light" size={40} radius="md" aria-hidden>
                  {card.icon}
                </ThemeIcon>
                <Title order={2} fz="md">
                  {card.title}
                </Title>
              </Group>
              <Text fw={600}>{card.empty}</Text>
              <Text size="sm" c="dimmed" style={{ flex: 1 }}>
                {card.hint}
              </Text>
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
    </Stack>
  );
}
