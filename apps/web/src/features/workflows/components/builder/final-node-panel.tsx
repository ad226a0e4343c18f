import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  List,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFinalNode, TWorkflowRun } from '@mapwright/contracts';
import { IconCircleCheck, IconWand } from '@tabler/icons-react';
import { JsonEditor } from '../../../../components/ui/json-editor.tsx';
import { useInferSchema } from '../../api/infer-schema.ts';
import { useJsonText } from '../../hooks/use-json-text.ts';
import { hasSchemaToCheck } from '../../lib/final-schema.ts';
import { ErrorHandlingInputs } from './error-handling-inputs.tsx';
import { MappingView } from './mapping-view.tsx';

type TData = TFinalNode['data'];
const pretty = (v: unknown) => JSON.stringify(v, null, 2);

const isObject = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v) ? null : 'must be a JSON object';

function OutputView({ run, checked }: { run: TWorkflowRun | null; checked: boolean }) {
  if (!run || run.outputValid === null)
    return (
      <Text size="sm" c="dimmed">
        {checked
          ? 'Test-run the workflow to see the output it produces and whether it validates.'
          : 'Test-run the workflow to see the output it produces.'}
      </Text>
    );
  return (
    <Stack gap="xs">
      {!checked ? (
        <Text size="sm" c="dimmed">
          No schema to check the output against: add fields on the Schema tab.
        </Text>
      ) : run.outputValid ? (
        <Alert
          color="green"
          icon={<IconCircleCheck size={18} />}
          p="xs"
          title="The output validates against the schema"
        />
      ) : (
        <Alert color="red" p="xs" title={`${run.outputErrors.length} validation errors`}>
          <List size="sm">
            {run.outputErrors.slice(0, 20).map((e) => (
              <List.Item key={`${e.path}:${e.message}`}>
                <Code>{e.path || '(root)'}</Code> {e.message}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <ScrollArea.Autosize mah={420} type="auto" viewportProps={{ tabIndex: 0 }}>
        <Code block aria-label="Final output">
          {pretty(run.output)}
        </Code>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** The final node: the output's schema, sample data, how it is filled, and the last output. */
export function FinalNodePanel({
  node,
  run,
  defaultTab,
  onChange,
}: {
  node: TFinalNode;
  run: TWorkflowRun | null;
  defaultTab: 'schema' | 'output';
  onChange: (patch: Partial<TData>) => void;
}) {
  const d = node.data;
  const schema = useJsonText(d.finalSchema, isObject, (v) =>
    onChange({ finalSchema: (v ?? { type: 'object', properties: {} }) as TData['finalSchema'] }),
  );
  const sample = useJsonText(
    d.finalSampleData,
    () => null,
    (v) => onChange({ finalSampleData: v }),
  );
  const infer = useInferSchema();

  async function inferFromSample() {
    const v = d.finalSampleData;
    if (!v || typeof v !== 'object' || Array.isArray(v)) {
      notifications.show({
        color: 'red',
        message: 'Sample data must be one JSON object to infer a schema from.',
      });
      return;
    }
    try {
      const s = await infer.mutateAsync([v as Record<string, unknown>]);
      schema.replace(s);
      onChange({ finalSchema: s as TData['finalSchema'] });
    } catch (e) {
      notifications.show({ color: 'red', message: (e as Error).message });
    }
  }

  const checked = hasSchemaToCheck(d.finalSchema);
  const valid = checked ? run?.outputValid : null;
  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between">
        <Text fw={600}>Final node</Text>
        <Group gap={4}>
          {d.isSubmitted && (
            <Badge color="teal" variant="light">
              Submitted
            </Badge>
          )}
          {valid === true && (
            <Badge color="green" variant="light">
              Output valid
            </Badge>
          )}
          {valid === false && (
            <Badge color="red" variant="light">
              Output invalid
            </Badge>
          )}
        </Group>
      </Group>
      <TextInput
        size="xs"
        label="Name"
        value={d.name}
        onChange={(e) => onChange({ name: e.currentTarget.value })}
      />
      <TextInput
        size="xs"
        label="Deliver to (optional)"
        description="The validated output is POSTed here as JSON after each run (not on test runs)."
        placeholder="https://…"
        value={d.initialUrl}
        onChange={(e) => onChange({ initialUrl: e.currentTarget.value })}
      />
      <ErrorHandlingInputs
        value={d.errorHandling}
        onChange={(errorHandling) => onChange({ errorHandling })}
        retriesLabel="Delivery retries"
      />
      <Tabs defaultValue={defaultTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="schema">Schema</Tabs.Tab>
          <Tabs.Tab value="sample">Sample data</Tabs.Tab>
          <Tabs.Tab value="mapping">Mapping</Tabs.Tab>
          <Tabs.Tab value="output">Output</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="schema" pt="sm">
          <Stack gap={6}>
            <JsonEditor value={schema.text} onChange={schema.set} label="Final schema JSON" height="320px" />
            {schema.error && (
              <Text size="xs" c="red.8" role="alert">
                Not applied: {schema.error}
              </Text>
            )}
            <Button
              size="xs"
              variant="light"
              leftSection={<IconWand size={14} aria-hidden />}
              loading={infer.isPending}
              onClick={inferFromSample}
            >
              Infer the schema from the sample data
            </Button>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="sample" pt="sm">
          <Stack gap={6}>
            <Text size="xs" c="dimmed">
              An example of the output you want: it documents the workflow and can seed the schema.
            </Text>
            <JsonEditor
              value={sample.text}
              onChange={sample.set}
              label="Final sample data JSON"
              height="320px"
            />
            {sample.error && (
              <Text size="xs" c="red.8" role="alert">
                Not applied: {sample.error}
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="mapping" pt="sm">
          <MappingView
            mapping={d.mapping}
            run={run}
            finalSchema={d.finalSchema}
            onChange={(mapping) => onChange({ mapping })}
          />
        </Tabs.Panel>
        <Tabs.Panel value="output" pt="sm">
          <OutputView run={run} checked={checked} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
