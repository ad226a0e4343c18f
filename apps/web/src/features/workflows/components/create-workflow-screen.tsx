import './create-styles.ts';
import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { SAMPLE_SOURCE_APP, type TWorkflowPlan } from '@mapwright/contracts';
import { IconAlertCircle, IconArrowRight, IconLayoutDashboard, IconSparkles } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LoadingBlock } from '../../../components/ui/query-state.tsx';
import { usePlanWorkflow } from '../api/plan.ts';
import { useSourceApps } from '../api/source-apps.ts';
import { useCreateWorkflow } from '../api/workflow.ts';
import { createRequestOf, EXAMPLE_PROMPTS, fieldError, isSuperseded } from '../lib/plan-view.ts';
import { notify } from './management-notify.ts';
import { PlanExplanation, PlanHeading, PlanOutput } from './plan-details.tsx';
import { PlanDiagram } from './plan-diagram.tsx';

const PROMPT_MAX = 2000;
/** Mantine's error red (red.6) is below 4.5:1 on white: errors here read in red.8 */
const READABLE_ERROR = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'var(--mantine-color-red-8)' },
};

/** /workflows/create: describe the output, get a proposed graph and final schema, create it. */
export function CreateWorkflowScreen() {
  const [name, setName] = useState('');
  const [sourceApp, setSourceApp] = useState<string>(SAMPLE_SOURCE_APP);
  const [prompt, setPrompt] = useState('');
  const [emptyTried, setEmptyTried] = useState(false);
  // what the shown proposal was made from: editing after it marks it out of date
  const [planned, setPlanned] = useState<{ prompt: string; sourceApp: string } | null>(null);
  const apps = useSourceApps();
  const plan = usePlanWorkflow();
  const create = useCreateWorkflow();
  const navigate = useNavigate();

  const propose = (e?: FormEvent) => {
    e?.preventDefault();
    const text = prompt.trim();
    setEmptyTried(!text);
    if (!text) return;
    plan.mutate({ prompt: text, sourceApp }, { onSuccess: () => setPlanned({ prompt: text, sourceApp }) });
  };
  const createFrom = (p: TWorkflowPlan) =>
    create.mutate(createRequestOf(p, { name, ...(planned ?? { prompt: prompt.trim(), sourceApp }) }), {
      onSuccess: (w) => {
        notify({ color: 'green', title: 'Workflow created', message: `${w.name} is saved, inactive.` });
        void navigate(`/workflows/${w.id}`);
      },
    });

  const error = plan.isError && !isSuperseded(plan.error) ? plan.error : null;
  const promptError = emptyTried
    ? 'Describe the output first: name the records you want'
    : fieldError(error, 'prompt');
  const appError = fieldError(error, 'sourceApp');
  const otherError = error && !promptError && !appError ? error.message : null;
  const proposal = plan.isSuccess && !plan.isPending ? plan.data : null;
  const outdated =
    proposal && planned && (planned.prompt !== prompt.trim() || planned.sourceApp !== sourceApp);
  const appOptions = (apps.data ?? []).map((a) => ({
    value: a.id,
    label: a.endpoints.length ? a.name : `${a.name} (no endpoint catalogue)`,
    disabled: a.endpoints.length === 0,
  }));

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Workflows', to: '/workflows/management' },
          { label: 'New' },
        ]}
        title="New workflow"
        description="Describe the output you want: Mapwright proposes the API calls, how they chain, and the final schema. Review it, then open it in the builder."
        actions={
          <Button
            component={Link}
            to="/workflow_builder"
            variant="default"
            leftSection={<IconLayoutDashboard size={16} />}
          >
            Start from a blank canvas
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="form" onSubmit={propose}>
        <Stack gap="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 7 }}>
              <TextInput
                label="Name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={200}
                placeholder={proposal?.name ?? 'Named after the description if left empty'}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 5 }}>
              <Select
                label="Source app"
                data={
                  appOptions.length ? appOptions : [{ value: SAMPLE_SOURCE_APP, label: 'Sample Finance API' }]
                }
                value={sourceApp}
                onChange={(v) => v && setSourceApp(v)}
                allowDeselect={false}
                error={appError ?? (apps.isError ? 'Could not load the source apps' : undefined)}
                styles={READABLE_ERROR}
              />
            </Grid.Col>
          </Grid>
          <Textarea
            label="Describe the output you want"
            description="Name the records, the filters and any totals, e.g. “cards of the primary entity with the total monthly limit”."
            value={prompt}
            onChange={(e) => {
              setPrompt(e.currentTarget.value);
              if (emptyTried) setEmptyTried(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) propose();
            }}
            autosize
            minRows={4}
            maxRows={12}
            maxLength={PROMPT_MAX}
            error={promptError}
            styles={READABLE_ERROR}
            data-autofocus
          />
          {sourceApp === SAMPLE_SOURCE_APP && (
            <Group gap="xs" wrap="wrap" aria-label="Example descriptions" role="group">
              <Text size="sm" c="dimmed">
                Try:
              </Text>
              {EXAMPLE_PROMPTS.map((p) => (
                <Button
                  key={p}
                  size="compact-sm"
                  variant="light"
                  color="gray"
                  onClick={() => {
                    setPrompt(p);
                    setEmptyTried(false);
                  }}
                  fw={500}
                  styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                  h="auto"
                  py={4}
                >
                  {p}
                </Button>
              ))}
            </Group>
          )}
          {otherError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not plan" role="alert">
              {otherError}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text size="xs" c="dimmed">
              {prompt.length.toLocaleString()} / {PROMPT_MAX.toLocaleString()} characters · Ctrl+Enter
              proposes
            </Text>
            <Button type="submit" leftSection={<IconSparkles size={16} />} loading={plan.isPending}>
              Propose a workflow
            </Button>
          </Group>
        </Stack>
      </Paper>

      {plan.isPending && (
        <Paper withBorder radius="md">
          <LoadingBlock label="Planning the workflow…" />
        </Paper>
      )}
      {proposal && (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Proposal">
          <Stack gap="lg">
            <PlanHeading plan={proposal} />
            {outdated && (
              <Alert color="blue" variant="light" title="The description changed">
                This proposal is for the previous description: propose again to update it.
              </Alert>
            )}
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 5 }}>
                <PlanDiagram nodes={proposal.nodes} edges={proposal.edges} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Stack gap="lg">
                  <PlanExplanation plan={proposal} />
                  <PlanOutput plan={proposal} />
                </Stack>
              </Grid.Col>
            </Grid>
            {create.isError && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} />}
                title="Could not create the workflow"
                role="alert"
              >
                {create.error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed">
                Saved inactive as “{name.trim() || proposal.name}”; the builder runs and schedules it.
              </Text>
              <Button
                rightSection={<IconArrowRight size={16} />}
                onClick={() => createFrom(proposal)}
                loading={create.isPending}
              >
                Create and open in builder
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
