import {
  Badge,
  Code,
  Divider,
  Group,
  List,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import type { TSourceData } from '../lib/lineage-graph.ts';
import { confidenceColor, percent, readsWholeRecord, type TLineageField } from '../lib/spec.ts';
import { transformSteps } from '../lib/transform-words.ts';

export type TChoice = { kind: 'target'; target: string } | { kind: 'source'; source: TSourceData } | null;

const json = (v: unknown) => JSON.stringify(v) ?? String(v);

/** The side panel: pick a field to trace, then read where it comes from and why. */
export function FieldPanel({
  fields,
  choice,
  onChooseTarget,
  onChooseSource,
}: {
  fields: TLineageField[];
  choice: TChoice;
  onChooseTarget: (target: string | null, fromPanel: boolean) => void;
  onChooseSource: (path: string) => void;
}) {
  const field = choice?.kind === 'target' ? fields.find((f) => f.target === choice.target) : undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Select
          label="Trace a target field"
          placeholder="Choose a field"
          searchable
          clearable
          data={fields.map((f) => f.target)}
          value={field?.target ?? null}
          onChange={(v) => onChooseTarget(v, true)}
          nothingFoundMessage="No field matches"
          comboboxProps={{ withinPortal: true }}
        />
        <Divider />
        {field ? (
          <TargetDetails field={field} onChooseSource={onChooseSource} />
        ) : choice?.kind === 'source' ? (
          <SourceDetails source={choice.source} onChooseTarget={(t) => onChooseTarget(t, false)} />
        ) : (
          <Hint />
        )}
      </Stack>
    </Paper>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
        {title}
      </Text>
      {children}
    </div>
  );
}

function TargetDetails({
  field: f,
  onChooseSource,
}: {
  field: TLineageField;
  onChooseSource: (p: string) => void;
}) {
  const steps = transformSteps(f.transform, f.sources);
  const t = f.transform;
  const table = t.kind === 'lookup' && t.table && typeof t.table === 'object' ? Object.entries(t.table) : [];
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="md" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {f.target}
        </Title>
        <Group gap={6} mt={6}>
          <Badge variant="outline" color="gray" tt="none">
            {f.type ?? 'any type'}
          </Badge>
          <Badge variant="light" color={confidenceColor(f.bucket)} tt="none">
            {percent(f.confidence)} confidence · {f.bucket}
          </Badge>
          {f.status && (
            <Badge variant="dot" color={f.status === 'approved' ? 'green' : 'gray'} tt="none">
              {f.status}
            </Badge>
          )}
        </Group>
      </div>
      <Section title="Comes from">
        {readsWholeRecord(f) ? (
          <Text size="sm">The whole source record, read by a JSONata expression.</Text>
        ) : f.sources.length ? (
          <Group gap={6}>
            {f.sources.map((s) => (
              <UnstyledButton key={s} onClick={() => onChooseSource(s)} aria-label={`Show source field ${s}`}>
                <Code>{s}</Code>
              </UnstyledButton>
            ))}
          </Group>
        ) : (
          <Text size="sm">No source field: the value is fixed.</Text>
        )}
      </Section>
      <Section title={steps.length > 1 ? 'Transforms, in order' : 'Transform'}>
        {steps.length > 1 ? (
          <List type="ordered" size="sm" spacing={2}>
            {steps.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps are positional and may repeat
              <List.Item key={i}>{s}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">{steps[0]}</Text>
        )}
        {t.kind === 'jsonata' && typeof t.expression === 'string' && (
          <Code block mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {t.expression}
          </Code>
        )}
        {table.length > 0 && (
          <ScrollArea.Autosize mah={180} mt={6} type="auto">
            <Table fz="xs" withTableBorder verticalSpacing={2} aria-label="Lookup table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Source value</Table.Th>
                  <Table.Th>Becomes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {table.map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Td ff="monospace">{k}</Table.Td>
                    <Table.Td ff="monospace">{json(v)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
      </Section>
      <Section title="When there is no value">
        <Text size="sm">
          {f.hasDefault ? (
            <>
              Uses the default <Code>{json(f.default)}</Code>
            </>
          ) : (
            'The field is left out.'
          )}
        </Text>
      </Section>
      <Section title="Why this mapping">
        <Text size="sm" style={{ borderLeft: '3px solid var(--mantine-color-purple-3)', paddingLeft: 10 }}>
          {f.reason || 'No reason was recorded for this field.'}
        </Text>
      </Section>
    </Stack>
  );
}

function SourceDetails({
  source: s,
  onChooseTarget,
}: {
  source: TSourceData;
  onChooseTarget: (t: string) => void;
}) {
  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz="md" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {s.wholeRecord ? 'Whole record' : s.path}
        </Title>
        <Group gap={6} mt={6}>
          <Badge variant="outline" color="gray" tt="none">
            {s.wholeRecord ? 'record' : (s.type ?? 'not profiled')}
          </Badge>
          <Badge variant="light" color={s.used ? 'blue' : 'gray'} tt="none">
            {s.used ? 'source field' : 'not mapped'}
          </Badge>
        </Group>
      </div>
      <Section
        title={
          s.targets.length
            ? `Feeds ${s.targets.length.toLocaleString()} target ${s.targets.length === 1 ? 'field' : 'fields'}`
            : 'Feeds'
        }
      >
        {s.targets.length ? (
          <Group gap={6}>
            {s.targets.map((t) => (
              <UnstyledButton
                key={t}
                onClick={() => onChooseTarget(t)}
                aria-label={`Trace target field ${t}`}
              >
                <Code>{t}</Code>
              </UnstyledButton>
            ))}
          </Group>
        ) : (
          <Text size="sm">
            No target field reads it. Map it in a workshop if the target schema has a place for it.
          </Text>
        )}
      </Section>
    </Stack>
  );
}

function Hint() {
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <IconRoute size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Text size="sm">
          Click a target field on the right of the graph, or choose one above, to trace it back to its source
          fields and see why it is mapped that way.
        </Text>
      </Group>
      <Section title="Reading the graph">
        <List size="sm" spacing={4}>
          <List.Item>Left: source fields. Dashed ones are not mapped to anything.</List.Item>
          <List.Item>Middle: what happens to the value on the way.</List.Item>
          <List.Item>Right: target fields with their type and confidence.</List.Item>
          <List.Item>
            <Text span c="orange.9" fw={600} size="sm">
              Orange, moving
            </Text>{' '}
            lines: low confidence, worth a look.
          </List.Item>
        </List>
      </Section>
    </Stack>
  );
}
