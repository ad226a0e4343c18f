import { Alert, Badge, Button, Code, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSampleInference } from '@mapwright/contracts';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { formatValue } from '../lib/format.ts';
import { mappingWords, type TTransform } from '../lib/transform-words.ts';

const HOW: Record<string, { label: string; color: string; note: string }> = {
  source: {
    label: 'From a source',
    color: 'green',
    note: 'A source value explains it: every record follows the same rule.',
  },
  lookup: {
    label: 'Lookup entry',
    color: 'blue',
    note: 'This source value now maps to it in a lookup table.',
  },
  constant: {
    label: 'Fixed value',
    color: 'orange',
    note: 'No source value explains it: every record will get this same value.',
  },
};

/** The inferred mapping change of a sample edit, shown before it is applied. */
export function SamplePreviewModal({
  opened,
  recordNumber,
  inference,
  loading,
  error,
  applying,
  onClose,
  onDiscard,
  onApply,
}: {
  opened: boolean;
  recordNumber: number;
  inference: TSampleInference | undefined;
  loading: boolean;
  error: string | null;
  applying: boolean;
  onClose: () => void;
  onDiscard: () => void;
  onApply: () => void;
}) {
  const changes = inference?.changes ?? [];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={
        <Title order={2} fz="lg">
          What your correction changes
        </Title>
      }
      closeButtonProps={{ 'aria-label': 'Close the preview' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          From your corrected values on record {recordNumber}, these mapping changes would apply to every
          record. Nothing changes until you apply them.
        </Text>
        {loading ? (
          <Group gap="sm" py="lg" justify="center" role="status">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              Working out the mapping change…
            </Text>
          </Group>
        ) : error ? (
          <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Could not work it out">
            {error}
          </Alert>
        ) : (
          <>
            {changes.length === 0 && (
              <Alert color="gray" variant="light">
                The corrected values are what the mapping already gives: nothing to change.
              </Alert>
            )}
            {changes.map((c) => {
              const how = HOW[c.how] ?? HOW.source!;
              return (
                <Paper key={c.target} withBorder radius="md" p="sm" aria-label={`Change to ${c.target}`}>
                  <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
                    <Group gap={6} wrap="wrap">
                      <Code fw={600}>{c.target}</Code>
                      <Text size="sm">
                        becomes <Code>{formatValue(c.value, 80)}</Code>
                      </Text>
                    </Group>
                    <Badge variant="light" color={how.color} tt="none" style={{ flexShrink: 0 }}>
                      {how.label}
                    </Badge>
                  </Group>
                  <Group gap={8} wrap="nowrap" align="flex-start">
                    <Text size="sm" c="dimmed" style={{ flex: 1 }} td={c.before ? 'line-through' : undefined}>
                      {c.before
                        ? mappingWords({
                            sources: c.before.sources,
                            transform: c.before.transform as TTransform,
                            default: c.before.default,
                          })
                        : 'Not mapped'}
                    </Text>
                    <IconArrowRight size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-label="becomes" />
                    <Text size="sm" fw={500} style={{ flex: 1 }}>
                      {mappingWords({
                        sources: c.after.sources,
                        transform: c.after.transform as TTransform,
                        default: c.after.default,
                      })}
                    </Text>
                  </Group>
                  <Text size="xs" c={c.how === 'constant' ? 'orange.9' : 'dimmed'} mt={6}>
                    {how.note}
                  </Text>
                </Paper>
              );
            })}
            {(inference?.unresolved ?? []).length > 0 && (
              <Alert color="yellow" icon={<IconAlertTriangle size={16} />} title="Not inferred">
                <Stack gap={4}>
                  {inference?.unresolved.map((u) => (
                    <Text key={u.target} size="sm">
                      <Code>{u.target}</Code>: {u.message}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
          </>
        )}
        <Group justify="space-between">
          <Button variant="subtle" color="red" onClick={onDiscard} disabled={applying}>
            Discard the corrections
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Keep editing
            </Button>
            <Button
              onClick={onApply}
              loading={applying}
              disabled={loading || !!error || changes.length === 0}
            >
              Apply to all records
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
