import { Badge, Button, Divider, Group, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import type { TCatalogueEndpoint, TCustomNode, TNodeRun } from '@mapwright/contracts';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { BodyEditor } from './body-editor.tsx';
import { ErrorHandlingInputs } from './error-handling-inputs.tsx';
import { NodeRunData } from './node-run-data.tsx';
import { ParamsEditor, type TUpstream } from './params-editor.tsx';

type TData = TCustomNode['data'];

/** One endpoint node: what it calls with which parameters, how it retries, and its test data. */
export function CustomNodePanel({
  node,
  endpoint,
  upstream,
  run,
  testing,
  onChange,
  onMakeFirst,
  onTest,
  onDelete,
}: {
  node: TCustomNode;
  endpoint: TCatalogueEndpoint | undefined;
  upstream: TUpstream[];
  run: TNodeRun | undefined;
  testing: boolean;
  onChange: (patch: Partial<TData>) => void;
  onMakeFirst: () => void;
  onTest: () => void;
  onDelete: () => void;
}) {
  const d = node.data;
  return (
    <Stack gap="sm" p="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>Endpoint node</Text>
        <Badge variant="outline" color="gray" title="Its output is nodes.<id> in later parameters">
          {node.id}
        </Badge>
      </Group>
      <TextInput
        size="xs"
        label="Label"
        value={d.label}
        onChange={(e) => onChange({ label: e.currentTarget.value })}
      />
      <Text size="xs" ff="monospace" c="dimmed">
        {d.endpoint.method} {d.endpoint.path}
      </Text>
      {endpoint?.description && (
        <Text size="xs" c="dimmed" lineClamp={3}>
          {endpoint.description}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="xs"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          loading={testing}
          onClick={onTest}
        >
          Test this node
        </Button>
        <Button
          size="xs"
          variant="subtle"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={onDelete}
        >
          Delete node
        </Button>
      </Group>
      <Tabs defaultValue="params" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="params">Parameters</Tabs.Tab>
          <Tabs.Tab value="settings">Settings</Tabs.Tab>
          <Tabs.Tab value="data">Data{run ? ` (${run.records})` : ''}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="params" pt="sm">
          <Stack gap="md">
            <ParamsEditor
              params={d.params}
              endpoint={endpoint}
              upstream={upstream}
              onChange={(params) => onChange({ params })}
            />
            {d.endpoint.method !== 'GET' && d.endpoint.method !== 'DELETE' && (
              <BodyEditor body={d.body} onChange={(body) => onChange({ body })} />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="sm">
          <Stack gap="sm">
            <Switch
              label="First node"
              description="The workflow starts here; exactly one node is first."
              checked={d.isFirstNode}
              onChange={(e) => e.currentTarget.checked && onMakeFirst()}
            />
            <Switch
              label="Follow pagination (page.next)"
              description="Keep calling the next page until page.next is null."
              checked={Boolean(d.pagination)}
              onChange={(e) =>
                onChange({ pagination: e.currentTarget.checked ? { follow: 'page.next' } : null })
              }
            />
            <Divider label="Error handling" labelPosition="left" />
            <ErrorHandlingInputs
              value={d.errorHandling}
              onChange={(errorHandling) => onChange({ errorHandling })}
            />
            <Text size="xs" c="dimmed">
              Network errors, 408, 429 and 5xx are retried; each retry waits twice as long as the one before,
              and a 429's Retry-After is honoured.
            </Text>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="data" pt="sm">
          <NodeRunData run={run} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
