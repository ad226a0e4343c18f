import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Code,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { TCodeGenerationResult, TCodeRunResult } from '@mapwright/contracts';
import { IconAlertCircle, IconArrowsShuffle, IconRobot, IconSparkles } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { storage } from '../../../lib/storage.ts';
import { generateCode, runCode, saveCode } from '../api.ts';

const EXAMPLE_SAMPLES = JSON.stringify(
  [
    { first_name: 'Ada', last_name: 'Lovelace', email: 'ADA@EXAMPLE.COM', amount: '12.50' },
    { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com', amount: '7' },
  ],
  null,
  2,
);
const EXAMPLE_DESCRIPTION = 'full_name: concatenate first name and last name.\nLowercase the email.';

/** JSON text -> value, or the reason it is not JSON (shown under the field). */
function parse(text: string, what: string): { value?: unknown; error?: string } {
  if (!text.trim()) return {};
  try {
    return { value: JSON.parse(text) };
  } catch (err) {
    return { error: `${what} is not valid JSON: ${(err as Error).message}` };
  }
}

/** Code generation: words and samples in, a transformation out, run in the sandbox before it is saved. */
export function CodeGenerationScreen() {
  const signedIn = Boolean(storage.get('token'));
  const [description, setDescription] = useState(EXAMPLE_DESCRIPTION);
  const [samplesText, setSamplesText] = useState(EXAMPLE_SAMPLES);
  const [schemaText, setSchemaText] = useState('');
  const [result, setResult] = useState<TCodeGenerationResult | null>(null);
  const [code, setCode] = useState('');
  const [run, setRun] = useState<TCodeRunResult | null>(null);
  const [name, setName] = useState('Generated transformation');

  const samples = parse(samplesText, 'The sample input');
  const schema = parse(schemaText, 'The target schema');
  const inputError = samples.error ?? schema.error;

  const generate = useMutation({
    mutationFn: () =>
      generateCode({
        description,
        samples: samples.value as Record<string, unknown>[],
        target_schema: (schema.value as Record<string, unknown> | undefined) ?? null,
      }),
    onSuccess: (r) => {
      setResult(r);
      setCode(r.code);
      setRun(r.run);
      save.reset();
    },
  });
  const rerun = useMutation({
    mutationFn: () =>
      runCode({
        code,
        samples: samples.value as Record<string, unknown>[],
        target_schema: result?.target_schema ?? null,
      }),
    onSuccess: setRun,
  });
  const save = useMutation({
    mutationFn: () =>
      saveCode({
        name,
        code,
        samples: samples.value as Record<string, unknown>[],
        target_schema: result!.target_schema,
      }),
  });
  const edited = result !== null && code !== result.code;

  return (
    <Box component="main" mih="100dvh" bg="var(--mantine-color-gray-0)" py="xl">
      <Container size="lg">
        <Group justify="space-between" mb="lg">
          <Group gap="xs">
            <ThemeIcon size={32} radius="md" aria-hidden>
              <IconArrowsShuffle size={20} />
            </ThemeIcon>
            <Text fw={700} fz={20}>
              Mapwright
            </Text>
          </Group>
          <Anchor component={Link} to={signedIn ? '/dashboard' : '/auth/login'} size="sm">
            {signedIn ? 'Back to the dashboard' : 'Sign in'}
          </Anchor>
        </Group>
        <Title order={1} fz={26}>
          Code generation
        </Title>
        <Text c="dimmed" size="sm" mb="lg">
          Describe a transformation in words and give sample input. You get one JSONata expression, run on
          your samples in a sandbox (no file system, network or process access; time and memory limits), and
          can save it as a pipeline.
        </Text>
        {!signedIn && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />} mb="md" title="Sign in first">
            Generating code needs a signed-in account.{' '}
            <Anchor component={Link} to="/auth/login">
              Sign in
            </Anchor>{' '}
            and come back to this page.
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Textarea
                label="What should the transformation do?"
                description="One instruction per line or sentence; name the output field, e.g. “full_name: first and last name”."
                autosize
                minRows={4}
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Sample input (a JSON array of records)
                </Text>
                <JsonEditor
                  label="Sample input"
                  value={samplesText}
                  onChange={setSamplesText}
                  height="200px"
                />
              </div>
              <div>
                <Text size="sm" fw={500} mb={4}>
                  Target schema (optional JSON Schema; empty = the shape of the samples)
                </Text>
                <JsonEditor
                  label="Target schema"
                  value={schemaText}
                  onChange={setSchemaText}
                  height="120px"
                />
              </div>
              {inputError && (
                <Text c="red.8" size="sm" role="alert">
                  {inputError}
                </Text>
              )}
              <Group>
                <Button
                  leftSection={<IconSparkles size={16} />}
                  loading={generate.isPending}
                  disabled={!signedIn || Boolean(inputError) || !description.trim() || !samples.value}
                  onClick={() => generate.mutate()}
                >
                  Generate
                </Button>
              </Group>
              {generate.error && (
                <Alert color="red" role="alert" title="Could not generate">
                  {generate.error.message}
                </Alert>
              )}
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="md">
            {!result ? (
              <Stack align="center" justify="center" h="100%" mih={240} gap="xs">
                <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
                  <IconRobot size={22} />
                </ThemeIcon>
                <Text c="dimmed" size="sm" ta="center">
                  {generate.isPending
                    ? 'Generating and running on your samples…'
                    : 'The generated code appears here.'}
                </Text>
              </Stack>
            ) : (
              <Stack gap="sm">
                <Alert
                  color={result.generator === 'llm' ? 'violet' : 'blue'}
                  icon={<IconRobot size={18} />}
                  title={
                    result.generator === 'llm' ? 'Written by the model' : 'Written by the built-in generator'
                  }
                  data-testid="generator"
                >
                  {result.generator_label}
                </Alert>
                {result.notes.length > 0 && (
                  <List size="sm" spacing={2}>
                    {result.notes.map((n) => (
                      <List.Item key={n}>{n}</List.Item>
                    ))}
                  </List>
                )}
                <div>
                  <Text size="sm" fw={500} mb={4}>
                    Code (JSONata; you may edit it)
                  </Text>
                  <JsonEditor
                    label="Generated code"
                    value={code}
                    onChange={setCode}
                    height="180px"
                    language="plain"
                  />
                </div>
                <Group>
                  <Button variant="default" loading={rerun.isPending} onClick={() => rerun.mutate()}>
                    Run on the samples
                  </Button>
                  {edited && (
                    <Text size="xs" c="dimmed">
                      Edited: run it again before saving.
                    </Text>
                  )}
                </Group>
                {run && <RunView run={run} />}
                <Group align="end">
                  <TextInput
                    label="Pipeline name"
                    value={name}
                    onChange={(e) => setName(e.currentTarget.value)}
                    style={{ flex: 1 }}
                  />
                  <Button
                    loading={save.isPending}
                    disabled={!run?.ok || !name.trim() || rerun.isPending}
                    onClick={() => save.mutate()}
                  >
                    Save as a pipeline
                  </Button>
                </Group>
                {save.error && (
                  <Alert color="red" role="alert" title="Not saved">
                    {save.error.message}
                  </Alert>
                )}
                {save.data && (
                  <Alert color="green" title="Saved">
                    The code is mapper version {save.data.mapper_version} of a new pipeline.{' '}
                    <Anchor component={Link} to={`/pipelines/${save.data.pipeline_id}`}>
                      Open the pipeline
                    </Anchor>
                  </Alert>
                )}
              </Stack>
            )}
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function RunView({ run }: { run: TCodeRunResult }) {
  if (!run.ok)
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Stopped in the sandbox">
        {run.error}
      </Alert>
    );
  return (
    <Stack gap={6} aria-label="Output on the samples">
      <Text size="sm" fw={500}>
        Output on the samples
      </Text>
      {run.outputs.map((out, i) => {
        const valid = run.valid?.[i];
        const errors = run.errors?.[i] ?? [];
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: one output per sample, in order
          <Paper key={i} withBorder p="xs" radius="sm">
            <Group justify="space-between" mb={4}>
              <Text size="xs" c="dimmed">
                Sample {i + 1}
              </Text>
              {valid !== undefined && (
                <Badge color={valid ? 'green' : 'red'} variant="light">
                  {valid ? 'Valid' : 'Invalid'}
                </Badge>
              )}
            </Group>
            <Code block>{JSON.stringify(out, null, 2)}</Code>
            {errors.map((e) => (
              <Text key={`${e.path}${e.message}`} size="xs" c="red.8">
                {e.path}: {e.message}
              </Text>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
