import { Anchor, Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconMap2, IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useDeployedMapper } from '../api/deployed-mapper.ts';
import { formatCount, formatPercent } from '../lib/format.ts';
import { describeTransform, fromApiSpec, valueText } from '../lib/spec.ts';
import { BUCKET_COLOR } from '../lib/status.ts';

/** The deployed mapper, read-only: per target field its sources, transform, default and confidence. */
export function MapperTab({ pipeline }: { pipeline: TPipeline }) {
  const mapper = useDeployedMapper(pipeline.id, pipeline.deployed_mapper_version);
  if (mapper.isPending) return <LoadingBlock label="Loading the mapper…" />;
  if (mapper.isError) return <ErrorBlock error={mapper.error} onRetry={() => void mapper.refetch()} />;
  if (!mapper.data)
    return (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconMap2 size={22} />} title="No mapper deployed yet">
          Review the proposed mapping in the workshop and deploy it; jobs then run with that version.
          <Group justify="center" mt="sm">
            <Button
              component={Link}
              to={`/workshop?pipeline=${pipeline.id}`}
              variant="light"
              leftSection={<IconTools size={16} />}
            >
              Open workshop
            </Button>
          </Group>
        </EmptyBlock>
      </Paper>
    );
  const fields = fromApiSpec(mapper.data.spec).fields;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Version {formatCount(mapper.data.version)} · {formatCount(fields.length)} target fields. Edit it in
        the{' '}
        <Anchor component={Link} to={`/workshop?pipeline=${pipeline.id}`} size="sm">
          workshop
        </Anchor>
        .
      </Text>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={820}>
          <Table verticalSpacing="sm" striped aria-label="Deployed mapper">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Target field</Table.Th>
                <Table.Th>Sources</Table.Th>
                <Table.Th>Transform</Table.Th>
                <Table.Th>Default</Table.Th>
                <Table.Th>Confidence</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f.target}>
                  <Table.Td>
                    <Code>{f.target}</Code>
                  </Table.Td>
                  <Table.Td>
                    {f.sources.length ? (
                      f.sources.map((s) => (
                        <Code key={s} mr={4}>
                          {s}
                        </Code>
                      ))
                    ) : (
                      <Text size="sm" c="dimmed">
                        none
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{describeTransform(f.transform)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={f.default === undefined ? 'dimmed' : undefined}>
                      {valueText(f.default)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={BUCKET_COLOR[f.bucket] ?? 'gray'} size="sm">
                      {f.bucket} · {formatPercent(f.confidence)}
                    </Badge>
                  </Table.Td>
                  <Table.Td maw={320}>
                    <Text size="xs" c="dimmed" lineClamp={3}>
                      {f.reason || '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}
