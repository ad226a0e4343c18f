import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconArrowRight, IconCheck, IconFolder } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useWizardProject } from '../api/project.ts';
import { useSchemaChoices } from '../api/target-schemas.ts';
import { useCreatePipeline } from '../hooks/use-create-pipeline.ts';
import { describeSource } from '../lib/source.ts';
import { CreateOutcome, CreateProgress } from './create-progress.tsx';
import { PageHeader } from './page-header.tsx';
import {
  EMPTY_SCHEMA_DRAFT,
  FieldList,
  initialSchemaDraft,
  SchemaPicker,
  type TSchemaDraft,
  targetSchemaOf,
} from './schema-picker.tsx';
import { EMPTY_SOURCE_DRAFT, SourcePicker, type TSourceDraft } from './source-picker.tsx';

const STEPS = ['Source', 'Target schema', 'Name and create'] as const;
/** "orders-2026.csv" → "orders-2026": a fair first name for a pipeline fed by that file. */
const baseName = (s: string) => s.replace(/\.[^.]+$/, '');

/**
 * `/pipeline`: source, target schema, then name; creating also adds the first job and runs it.
 * `/pipeline?project=<id>` creates it in that project (uploads join it too, its datasets and
 * schemas come first).
 */
export function NewPipelineWizard() {
  const [params] = useSearchParams();
  const projectParam = params.get('project');
  const project = useWizardProject(projectParam);
  // an unknown or foreign project is said so, and the pipeline is made outside any project
  const projectId = project.data?.id;
  const [step, setStep] = useState(0);
  const [source, setSource] = useState<TSourceDraft>(() =>
    projectParam ? { ...EMPTY_SOURCE_DRAFT, kind: 'dataset' } : EMPTY_SOURCE_DRAFT,
  );
  const [schema, setSchemaDraft] = useState<TSchemaDraft>(EMPTY_SCHEMA_DRAFT);
  // the target step starts on the organization's schemas when it has any, until the user chooses
  const schemaChoices = useSchemaChoices('');
  const schemaChosen = useRef(false);
  const schemaDefaulted = useRef(false);
  const setSchema = (d: TSchemaDraft) => {
    schemaChosen.current = true;
    setSchemaDraft(d);
  };
  const choicesReady = schemaChoices.isSuccess && (!projectParam || !project.isPending);
  useEffect(() => {
    if (!choicesReady || schemaChosen.current || schemaDefaulted.current) return;
    schemaDefaulted.current = true;
    setSchemaDraft(initialSchemaDraft(schemaChoices.data?.items ?? [], projectId));
  }, [choicesReady, schemaChoices.data, projectId]);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const flow = useCreatePipeline();
  const target = targetSchemaOf(schema);
  const busy = flow.state.phase === 'pipeline' || flow.state.phase === 'job' || flow.state.phase === 'run';
  const created = flow.state.phase === 'done';
  // after a failure before the pipeline exists, everything can be fixed and tried again
  const locked = busy || created || (flow.state.phase === 'error' && Boolean(flow.state.pipeline));

  const canLeave = [Boolean(source.source), Boolean(target), name.trim().length > 0];
  const next = () => {
    if (step === 1 && !name && source.source && source.source.kind !== 'records')
      setName(baseName(source.source.name));
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };
  const submit = () => {
    setTouched(true);
    if (!name.trim() || !source.source || !target) return;
    void flow.create({
      name: name.trim(),
      description: description.trim(),
      target_schema: target.value,
      project_id:
        projectId ?? (source.source.kind === 'dataset' ? (source.source.projectId ?? undefined) : undefined),
      source: source.source,
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={
          project.data
            ? [
                { label: 'Home', to: '/dashboard' },
                { label: 'Projects', to: '/projects' },
                { label: project.data.name, to: `/projects/${project.data.id}?tab=pipelines` },
                { label: 'New pipeline' },
              ]
            : [
                { label: 'Home', to: '/dashboard' },
                { label: 'Pipelines', to: '/pipelines' },
                { label: 'New' },
              ]
        }
        title="New pipeline"
        description="Give it source records and a target schema; Mapwright proposes a mapping you then review in the workshop."
      />
      {project.data && (
        <Group gap={6} wrap="nowrap" data-testid="wizard-project">
          <IconFolder size={16} aria-hidden />
          <Text size="sm">
            Created in the project{' '}
            <Anchor component={Link} to={`/projects/${project.data.id}?tab=pipelines`} fw={600}>
              {project.data.name}
            </Anchor>
            ; a file uploaded here joins it too.
          </Text>
        </Group>
      )}
      {project.isError && (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} title="Project not found">
          The project in this link does not exist or is not in your organization: the pipeline will not be in
          a project.
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stepper
          active={created ? STEPS.length : step}
          onStepClick={(i) => !locked && i < step && setStep(i)}
          allowNextStepsSelect={false}
          size="sm"
          wrap={false}
        >
          <Stepper.Step label="Source" description="Records to map">
            <StepBody title="Where do the records come from?">
              <SourcePicker
                draft={source}
                onChange={setSource}
                projectId={project.isError ? undefined : (projectParam ?? undefined)}
              />
            </StepBody>
          </Stepper.Step>
          <Stepper.Step label="Target schema" description="What records become">
            <StepBody title="What should each record become?">
              <SchemaPicker
                draft={schema}
                onChange={setSchema}
                source={source.source}
                projectId={projectId}
              />
            </StepBody>
          </Stepper.Step>
          <Stepper.Step label="Name and create" description="Then a first run">
            <StepBody title="Name the pipeline">
              <Stack gap="md" maw={640}>
                <TextInput
                  label="Name"
                  required
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  maxLength={200}
                  placeholder="e.g. Shop orders to ledger"
                  error={touched && !name.trim() ? 'Give the pipeline a name' : undefined}
                  disabled={locked}
                  data-autofocus
                />
                <Textarea
                  label="Description"
                  value={description}
                  onChange={(e) => setDescription(e.currentTarget.value)}
                  maxLength={5000}
                  autosize
                  minRows={2}
                  placeholder="What it is for, who owns it (optional)"
                  disabled={locked}
                />
                {source.source && (
                  <Text size="sm">
                    <Text span c="dimmed">
                      Source:{' '}
                    </Text>
                    {describeSource(source.source)}
                  </Text>
                )}
                {target && (
                  <Stack gap={4}>
                    <Text size="sm" c="dimmed">
                      {schema.kind === 'existing' && schema.existing
                        ? `Target schema: ${schema.existing.name}`
                        : 'Target schema: saved as “<name> schema” with the pipeline'}
                    </Text>
                    <FieldList fields={target.fields} />
                  </Stack>
                )}
                {flow.state.phase !== 'idle' && <CreateProgress state={flow.state} />}
              </Stack>
            </StepBody>
          </Stepper.Step>
          <Stepper.Completed>
            <CreateOutcome state={flow.state} />
          </Stepper.Completed>
        </Stepper>
        {!created && (
          <Group justify="space-between" mt="xl">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
              onClick={() => setStep((s) => Math.max(0, s - 1))}
              disabled={step === 0 || locked}
            >
              Back
            </Button>
            {step < STEPS.length - 1 ? (
              <Button rightSection={<IconArrowRight size={16} />} onClick={next} disabled={!canLeave[step]}>
                Next
              </Button>
            ) : locked && !busy ? null : (
              <Button leftSection={<IconCheck size={16} />} onClick={submit} loading={busy}>
                {flow.state.phase === 'error' ? 'Try again' : 'Create pipeline'}
              </Button>
            )}
          </Group>
        )}
      </Paper>
    </Stack>
  );
}

function StepBody({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="md" pt="lg">
      <Text fw={600} size="lg" component="h2" m={0}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
