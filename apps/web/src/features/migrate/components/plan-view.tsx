import { Alert, Badge, List, Stack, Text } from '@mantine/core';
import type { TMigrationPlan } from '@mapwright/contracts';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';

const TYPE_LABELS = {
  target_schema: 'Target schema',
  pipeline: 'Pipeline',
  mapper_version: 'Mapper version',
  workflow: 'Workflow',
} as const;

/** What an import creates and what clashes (with why): the same view for a dry run and a refusal. */
export function PlanView({ plan }: { plan: TMigrationPlan }) {
  return (
    <Stack gap="md">
      {plan.imported ? (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} title="Imported">
          {plan.create.length} definitions were created. Imported workflows are switched off until you turn
          them on.
        </Alert>
      ) : plan.clashes.length ? (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={`${plan.clashes.length} clash${plan.clashes.length === 1 ? '' : 'es'}`}
        >
          {plan.dry_run
            ? 'An import would be refused as a whole until these are resolved (rename or remove them here or in the file).'
            : 'Nothing was imported: an import is all or nothing.'}
        </Alert>
      ) : (
        <Alert color="blue" icon={<IconCircleCheck size={18} />} title="Ready to import">
          Nothing clashes. This was a dry run: nothing has been changed yet.
        </Alert>
      )}
      {plan.clashes.length > 0 && (
        <div>
          <Text fw={600} size="sm" mb={4}>
            Clashes
          </Text>
          <List spacing={4} size="sm">
            {plan.clashes.map((c) => (
              <List.Item key={`${c.type}:${c.name}`}>
                <Badge size="xs" variant="light" color="orange" mr={6}>
                  {TYPE_LABELS[c.type]}
                </Badge>
                <b>{c.name}</b> — {c.reason}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      <div>
        <Text fw={600} size="sm" mb={4}>
          {plan.imported ? 'Created' : 'Will be created'} ({plan.create.length})
        </Text>
        {plan.create.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing.
          </Text>
        ) : (
          <List spacing={4} size="sm">
            {plan.create.map((c) => (
              <List.Item key={`${c.type}:${c.name}`}>
                <Badge size="xs" variant="light" mr={6}>
                  {TYPE_LABELS[c.type]}
                </Badge>
                {c.name}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Stack>
  );
}
