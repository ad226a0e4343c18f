import { Alert, Group, List, ScrollArea, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { formatCount, shortId } from '../lib/format.ts';
import type { TBulkDownloadInputs } from '../stores/bulk-download-store.ts';

/** One pipeline's outcome in its table row. */
export function OutcomeCell({ id, state }: { id: string; state: TBulkDownloadInputs }) {
  if (state.successPipelineIds.includes(id))
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleCheck size={16} color="var(--mantine-color-green-8)" aria-hidden />
        <Text size="sm" c="green.9">
          Exported
        </Text>
      </Group>
    );
  if (state.errorPipelineIds.includes(id))
    return (
      <Group gap={4} wrap="nowrap">
        <IconCircleX size={16} color="var(--mantine-color-red-8)" aria-hidden />
        <Text size="sm" c="red.9">
          {state.errorReasons[id] ?? 'Not exported'}
        </Text>
      </Group>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** The last download, per pipeline, whichever page each is on. */
export function BulkOutcome({ state }: { state: TBulkDownloadInputs }) {
  const ok = state.successPipelineIds;
  const bad = state.errorPipelineIds;
  const name = (id: string) => state.names[id] ?? shortId(id);
  return (
    <Alert
      component="section"
      // a region named by its title ("2 exported · 1 not exported")
      role="region"
      color={bad.length === 0 ? 'green' : ok.length === 0 ? 'red' : 'orange'}
      title={`${formatCount(ok.length)} exported · ${formatCount(bad.length)} not exported`}
    >
      <ScrollArea.Autosize mah={180} type="auto">
        <List spacing={4} size="sm" center>
          {ok.map((id) => (
            <List.Item
              key={id}
              icon={
                <ThemeIcon color="green" size={18} radius="xl" variant="light">
                  <IconCircleCheck size={14} />
                </ThemeIcon>
              }
            >
              <b>{name(id)}</b>: exported
            </List.Item>
          ))}
          {bad.map((id) => (
            <List.Item
              key={id}
              icon={
                <ThemeIcon color="red" size={18} radius="xl" variant="light">
                  <IconCircleX size={14} />
                </ThemeIcon>
              }
            >
              <b>{name(id)}</b>: {state.errorReasons[id] ?? 'not exported'}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
