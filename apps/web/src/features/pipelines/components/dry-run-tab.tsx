import { Alert, Button, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconAlertCircle, IconFlask } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useDeployedMapper } from '../api/deployed-mapper.ts';
import { DRY_RUN_MAX_JOBS, useDryRun } from '../api/dry-run.ts';
import { useLatestDraft } from '../api/workshop-draft.ts';
import { formatDate } from '../lib/format.ts';
import { parseJson } from '../lib/parse-json.ts';
import { fromApiSpec } from '../lib/spec.ts';
import { DryRunReport } from './dry-run-report.tsx';

type TOrigin = 'draft' | 'deployed' | 'edited';

/** A draft mapper over the last jobs' records, compared with what is deployed, before deploying it. */
export function DryRunTab({ pipeline }: { pipeline: TPipeline }) {
  const draft = useLatestDraft(pipeline.id);
  const deployed = useDeployedMapper(pipeline.id, pipeline.deployed_mapper_version);
  const [text, setText] = useState<string | null>(null);
  const [origin, setOrigin] = useState<TOrigin>('edited');
  const [lastJobs, setLastJobs] = useState<number | string>(3);
  const [localError, setLocalError] = useState<string | null>(null);
  const run = useDryRun();

  const loadDraft = () => {
    if (!draft.data) return;
    setText(JSON.stringify(draft.data.spec, null, 2));
    setOrigin('draft');
  };
  const loadDeployed = () => {
    if (!deployed.data) return;
    setText(JSON.stringify(fromApiSpec(deployed.data.spec), null, 2));
    setOrigin('deployed');
  };
  // start from the newest workshop draft (what a user would deploy next), else the deployed mapper
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill once, when both have loaded
  useEffect(() => {
    if (text !== null || draft.isPending || deployed.isPending) return;
    if (draft.data) loadDraft();
    else if (deployed.data) loadDeployed();
    else setText('');
  }, [draft.isPending, deployed.isPending]);

  const submit = () => {
    setLocalError(null);
    const parsed = parseJson(text ?? '');
    if (!parsed.ok) return setLocalError(parsed.error);
    const spec = parsed.value as { fields?: unknown };
    if (!spec || typeof spec !== 'object' || !Array.isArray(spec.fields))
      return setLocalError('A mapper is an object {"version": 1, "fields": [...]}');
    run.mutate({ id: pipeline.id, spec, lastJobs: Number(lastJobs) || 3 });
  };

  if (text === null) return <LoadingBlock label="Loading the draft mapper…" />;
  const originText =
    origin === 'draft' && draft.data
      ? `The draft of the workshop opened ${formatDate(draft.data.workshop.created_at)}${
          draft.data.workshop.undeployed_edits
            ? ` (${draft.data.workshop.undeployed_edits.toLocaleString()} undeployed edits)`
            : ''
        }.`
      : origin === 'deployed' && deployed.data
        ? `The deployed mapper, version ${deployed.data.version}: edit it to see what a change would do.`
        : 'Your edited mapper.';
  const baseline = pipeline.deployed_mapper_version
    ? `the deployed mapper (version ${pipeline.deployed_mapper_version})`
    : 'the mapper of the latest run (nothing is deployed yet)';

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Runs a draft mapper over the records of the pipeline’s last jobs (up to 1,000 records each) and
        compares every record with what {baseline} produces. Nothing is saved or deployed.
      </Text>
      {pipeline.job_count === 0 && (
        <Alert color="yellow" icon={<IconAlertCircle size={18} />} title="No jobs to compare on">
          Add a job first: a dry run maps the records of recent jobs.
        </Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" fw={500}>
              Draft mapper
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={loadDraft} disabled={!draft.data}>
                Load workshop draft
              </Button>
              <Button size="xs" variant="light" onClick={loadDeployed} disabled={!deployed.data}>
                Load deployed mapper
              </Button>
            </Group>
          </Group>
          <Text size="xs" c="dimmed">
            {text
              ? originText
              : 'No workshop draft or deployed mapper yet: open the workshop, or paste a mapper.'}
          </Text>
          <JsonEditor
            value={text}
            onChange={(v) => {
              setText(v);
              setOrigin('edited');
            }}
            label="Draft mapper (JSON)"
            height="260px"
          />
          {localError && (
            <Group gap={6} c="red.8" role="alert" wrap="nowrap">
              <IconAlertCircle size={16} aria-hidden />
              <Text size="sm">{localError}</Text>
            </Group>
          )}
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <NumberInput
              label="Jobs to compare on"
              description={`The most recent 1 to ${DRY_RUN_MAX_JOBS}`}
              min={1}
              max={DRY_RUN_MAX_JOBS}
              clampBehavior="strict"
              allowDecimal={false}
              value={lastJobs}
              onChange={setLastJobs}
              w={200}
            />
            <Button
              leftSection={<IconFlask size={16} />}
              onClick={submit}
              loading={run.isPending}
              disabled={!text.trim() || pipeline.job_count === 0}
            >
              Run dry run
            </Button>
          </Group>
        </Stack>
      </Paper>
      {run.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The dry run was refused" role="alert">
          {run.error.message}
        </Alert>
      )}
      {run.data && <DryRunReport report={run.data} />}
    </Stack>
  );
}
