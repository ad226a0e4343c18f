import { Alert, Button, Code, Collapse, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TWorkflowPlan } from '@mapwright/contracts';
import { IconAlertTriangle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useId } from 'react';
import { outputFieldsOf } from '../lib/plan-view.ts';

/** Why the planner chose what it chose, one line per decision. */
export function PlanExplanation({ plan }: { plan: TWorkflowPlan }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Why this plan
      </Title>
      <Stack component="ul" gap={6} m={0} pl="md" aria-label="Explanation">
        {plan.explanation.map((line) => (
          <Text component="li" key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {line}
          </Text>
        ))}
      </Stack>
      {plan.warnings.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={plan.warnings.length === 1 ? 'Check this' : `Check these ${plan.warnings.length} points`}
          mt="xs"
        >
          <Stack component="ul" gap={4} m={0} pl="md" aria-label="Warnings">
            {plan.warnings.map((w) => (
              <Text component="li" key={w} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

/** The final schema's fields, then the schema and the sample data as JSON, each folded. */
export function PlanOutput({ plan }: { plan: TWorkflowPlan }) {
  const fields = outputFieldsOf(plan.finalSchema);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Final output
      </Title>
      <Table withTableBorder verticalSpacing={6} aria-label="Output fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {fields.map((f) => (
            <Table.Tr key={f.name}>
              <Table.Td ff="monospace" fz="sm">
                {f.name}
              </Table.Td>
              <Table.Td fz="sm" c="dimmed">
                {f.type}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Folded label="Final schema (JSON Schema)" value={plan.finalSchema} />
      <Folded label="Sample data" value={plan.finalSampleData} />
    </Stack>
  );
}

function Folded({ label, value }: { label: string; value: unknown }) {
  const [open, { toggle }] = useDisclosure(false);
  const id = useId();
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={4}
        onClick={toggle}
        aria-expanded={open}
        aria-controls={id}
        leftSection={open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
      >
        {label}
      </Button>
      <Collapse expanded={open} id={id}>
        <Code
          block
          mt={4}
          mah={360}
          style={{ overflow: 'auto' }}
          tabIndex={0}
          aria-label={`${label} as JSON`}
        >
          {JSON.stringify(value, null, 2)}
        </Code>
      </Collapse>
    </div>
  );
}

export function PlanHeading({ plan }: { plan: TWorkflowPlan }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
      <div>
        <Title order={2} fz="lg">
          Proposal
        </Title>
        <Text size="sm" c="dimmed">
          {plan.via === 'llm'
            ? 'Planned by the configured LLM and checked against the catalogue and the workflow rules.'
            : 'Planned by the built-in planner over the source app’s endpoint catalogue.'}
        </Text>
      </div>
    </Group>
  );
}
