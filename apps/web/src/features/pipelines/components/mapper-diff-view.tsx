import { Badge, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconEqual } from '@tabler/icons-react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useMapperDiff } from '../api/mapper-diff.ts';
import { formatCount, formatPercent } from '../lib/format.ts';
import { describeTransform, type TFieldAspect, type TFieldMapping, valueText } from '../lib/spec.ts';

const ASPECT: Record<TFieldAspect, string> = {
  sources: 'sources',
  transform: 'transform',
  default: 'default',
  confidence: 'confidence',
  reason: 'reason',
  status: 'review status',
};

/** One side of a field's mapping, in a few lines. */
function Mapping({ f, highlight = [] }: { f: TFieldMapping; highlight?: TFieldAspect[] }) {
  const hl = (a: TFieldAspect) => (highlight.includes(a) ? { fw: 700 } : {});
  return (
    <Stack gap={2}>
      <Text size="sm" {...hl('sources')}>
        {f.sources.length ? (
          f.sources.map((s) => (
            <Code key={s} mr={4}>
              {s}
            </Code>
          ))
        ) : (
          <Text span c="dimmed">
            no source
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" {...hl('transform')}>
        {describeTransform(f.transform)}
        {f.default !== undefined && (
          <Text span size="xs" {...hl('default')}>
            {' '}
            · default {valueText(f.default)}
          </Text>
        )}
      </Text>
      <Text size="xs" c="dimmed" {...hl('confidence')}>
        {f.bucket} · {formatPercent(f.confidence)}
      </Text>
    </Stack>
  );
}

/** Two versions field by field: what was added, removed and changed (and in which aspect). */
export function MapperDiffView({ pipelineId, from, to }: { pipelineId: string; from: number; to: number }) {
  const diff = useMapperDiff(pipelineId, { from, to });
  return (
    <Paper withBorder radius="md" p="md" aria-label={`Changes from version ${from} to version ${to}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} fz="lg">
            Version {from} → version {to}
          </Title>
          {diff.data && (
            <Group gap={6}>
              <Badge color="green" variant="light">
                {formatCount(diff.data.added.length)} added
              </Badge>
              <Badge color="red" variant="light">
                {formatCount(diff.data.removed.length)} removed
              </Badge>
              <Badge color="orange" variant="light">
                {formatCount(diff.data.changed.length)} changed
              </Badge>
              <Badge color="gray" variant="light">
                {formatCount(diff.data.unchanged.length)} unchanged
              </Badge>
            </Group>
          )}
        </Group>
        {diff.isPending ? (
          <LoadingBlock label="Comparing…" />
        ) : diff.isError ? (
          <ErrorBlock error={diff.error} onRetry={() => void diff.refetch()} />
        ) : diff.data.added.length + diff.data.removed.length + diff.data.changed.length === 0 ? (
          <EmptyBlock icon={<IconEqual size={22} />} title="Same mapping">
            Both versions map every field the same way.
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={680}>
            <Table verticalSpacing="sm" aria-label="Field changes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Change</Table.Th>
                  <Table.Th>Version {from}</Table.Th>
                  <Table.Th>Version {to}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {diff.data.changed.map((c) => (
                  <Table.Tr key={`c-${c.target}`}>
                    <Table.Td>
                      <Code>{c.target}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color="orange" variant="light" size="sm">
                        Changed
                      </Badge>
                      <Text size="xs" c="dimmed" mt={4}>
                        {c.changed.map((a) => ASPECT[a]).join(', ')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Mapping f={c.before} />
                    </Table.Td>
                    <Table.Td>
                      <Mapping f={c.after} highlight={c.changed} />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {diff.data.added.map((f) => (
                  <Table.Tr key={`a-${f.target}`}>
                    <Table.Td>
                      <Code>{f.target}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color="green" variant="light" size="sm">
                        Added
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Mapping f={f} />
                    </Table.Td>
                  </Table.Tr>
                ))}
                {diff.data.removed.map((f) => (
                  <Table.Tr key={`r-${f.target}`}>
                    <Table.Td>
                      <Code>{f.target}</Code>
                    </Table.Td>
                    <Table.Td>
                      <Badge color="red" variant="light" size="sm">
                        Removed
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Mapping f={f} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
