import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconAlertCircle, IconCheck, IconCircleDashed, IconTools, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TCreatePhase, TCreateState } from '../hooks/use-create-pipeline.ts';
import { formatCount, formatPercent } from '../lib/format.ts';
import { isRunning } from '../lib/status.ts';
import { ConfidenceBadge, ResultStatusBadge } from './badges.tsx';

const ORDER: TCreatePhase[] = ['pipeline', 'job', 'run'];
const LABEL = {
  pipeline: 'Create the pipeline and save its target schema',
  job: 'Add the source records as its first job',
  run: 'Run the job: propose a mapping and map every record',
} as const;

/** The create calls as a checklist: done, under way (with the run's progress), failed or to come. */
export function CreateProgress({ state }: { state: TCreateState }) {
  const at = state.phase === 'error' ? state.failedAt : state.phase;
  const atIndex = state.phase === 'done' ? ORDER.length : ORDER.indexOf(at as TCreatePhase);
  const r = state.result;
  return (
    <Stack gap="sm" aria-live="polite">
      <List spacing="xs" center>
        {ORDER.map((p, i) => {
          const failed = state.phase === 'error' && i === atIndex;
          const icon =
            i < atIndex ? (
              <ThemeIcon color="green" size={22} radius="xl">
                <IconCheck size={14} />
              </ThemeIcon>
            ) : failed ? (
              <ThemeIcon color="red" size={22} radius="xl">
                <IconX size={14} />
              </ThemeIcon>
            ) : i === atIndex ? (
              <Loader size={20} />
            ) : (
              <ThemeIcon color="gray" variant="light" size={22} radius="xl">
                <IconCircleDashed size={14} />
              </ThemeIcon>
            );
          return (
            <List.Item key={p} icon={icon}>
              <Text size="sm" c={i > atIndex ? 'dimmed' : undefined}>
                {LABEL[p as keyof typeof LABEL]}
              </Text>
            </List.Item>
          );
        })}
      </List>
      {state.phase === 'run' && r && r.total > 0 && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {formatCount(r.processed)} of {formatCount(r.total)} records mapped
          </Text>
          <Progress value={(r.processed / r.total) * 100} aria-label="Records mapped" animated />
        </Stack>
      )}
      {state.phase === 'error' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not finish" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{state.error}</Text>
            {state.pipeline && (
              <>
                <Text size="sm">
                  The pipeline was created. Add a job from its page, or open the workshop once a job exists.
                </Text>
                <Button component={Link} to={`/pipelines/${state.pipeline.id}`} size="xs" variant="light">
                  Open the pipeline
                </Button>
              </>
            )}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** After creation: what the first run found, and where to go next. */
export function CreateOutcome({ state }: { state: TCreateState }) {
  const { pipeline, result } = state;
  if (!pipeline) return null;
  const stillRunning = result && isRunning(result.status);
  return (
    <Stack gap="md" pt="lg" align="flex-start">
      <Group gap="sm">
        <ThemeIcon color="green" size={36} radius="xl">
          <IconCheck size={20} />
        </ThemeIcon>
        <div>
          <Text fw={600} size="lg" component="h2" m={0}>
            “{pipeline.name}” is ready for review
          </Text>
          <Text size="sm" c="dimmed">
            {stillRunning
              ? 'The first run is still mapping records; the workshop shows it as it finishes.'
              : 'The first run mapped the source with the proposed mapping. Review it in the workshop, then deploy.'}
          </Text>
        </div>
      </Group>
      {result && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" w="100%" maw={720}>
          <Figure label="Run" value={<ResultStatusBadge status={result.status} />} />
          <Figure label="Records" value={formatCount(result.total)} />
          <Figure
            label="Valid"
            value={`${formatCount(result.succeeded)}${result.total ? ` (${formatPercent(result.succeeded / result.total)})` : ''}`}
          />
          <Figure label="Failed validation" value={formatCount(result.failed)} />
        </SimpleGrid>
      )}
      {result?.confidence && <ConfidenceBadge confidence={result.confidence} />}
      {result?.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The run failed">
          {result.error}
        </Alert>
      )}
      <Group gap="sm">
        <Button
          component={Link}
          to={`/workshop?pipeline=${pipeline.id}`}
          leftSection={<IconTools size={16} />}
        >
          Open workshop
        </Button>
        <Button component={Link} to={`/pipelines/${pipeline.id}`} variant="default">
          View pipeline
        </Button>
        <Button component={Link} to="/pipelines" variant="subtle">
          Back to pipelines
        </Button>
      </Group>
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} component="div">
        {value}
      </Text>
    </Stack>
  );
}
