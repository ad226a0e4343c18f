import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import type { TJoinPreview } from '@mapwright/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount } from '../../../lib/format.ts';

const show = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/** The preview of a join: counts, where the best scores fall, pairs near the threshold, first rows. */
export function JoinPreviewPanel({
  preview,
}: {
  preview: UseMutationResult<TJoinPreview, Error, number | undefined>;
}) {
  if (preview.isIdle) return null;
  if (preview.isError)
    return (
      <Alert color="red" title="The preview failed" role="alert">
        {preview.error.message}
      </Alert>
    );
  if (!preview.data) return <LoadingBlock label="Joining a sample…" />;
  const p = preview.data;
  const s = p.stats;
  const max = Math.max(1, ...s.histogram);
  const columns = p.rows[0] ? Object.keys(p.rows[0]) : [];
  return (
    <Paper withBorder radius="md" p="md" aria-busy={preview.isPending}>
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          Preview
        </Title>
        <Text size="sm" c="dimmed">
          First {formatCount(p.sample.left)} left rows against the first {formatCount(p.sample.right)} right
          rows, threshold {p.threshold.toFixed(2)}
        </Text>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 5 }} mb="md">
        <Stat label="Matched left rows" value={s.matched_left} total={s.left_rows} />
        <Stat label="Unmatched left rows" value={s.unmatched_left} total={s.left_rows} />
        <Stat label="Unmatched right rows" value={s.unmatched_right} total={s.right_rows} />
        <Stat label="Ambiguous (2+ matches)" value={s.ambiguous} total={s.left_rows} />
        <Stat label="Output rows" value={s.output_rows} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Best score of each left row
          </Text>
          <Group
            gap={4}
            align="flex-end"
            h={90}
            role="img"
            aria-label={`Scores: ${s.histogram.join(', ')} rows per tenth`}
          >
            {s.histogram.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here (rows of a fixed snapshot)
              <Tooltip key={i} label={`${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}: ${n} rows`}>
                <div
                  style={{
                    flex: 1,
                    height: `${Math.max(2, (n / max) * 80)}px`,
                    background:
                      i / 10 + 0.1 > p.threshold
                        ? 'var(--mantine-color-teal-6)'
                        : 'var(--mantine-color-gray-4)',
                    borderRadius: 2,
                  }}
                />
              </Tooltip>
            ))}
          </Group>
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              0
            </Text>
            <Text size="xs" c="dimmed">
              1
            </Text>
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Pairs near the threshold
          </Text>
          {p.near_threshold.length === 0 ? (
            <Text size="sm" c="dimmed">
              No pair scores near the threshold{s.compared ? '' : ' (exact conditions only)'}.
            </Text>
          ) : (
            <Table verticalSpacing={4} fz="sm">
              <Table.Tbody>
                {p.near_threshold.map((n, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here (rows of a fixed snapshot)
                  <Table.Tr key={i}>
                    <Table.Td>{Object.values(n.left).map(show).join(' · ')}</Table.Td>
                    <Table.Td>{Object.values(n.right).map(show).join(' · ')}</Table.Td>
                    <Table.Td ta="right">
                      <Badge variant="light" color={n.matched ? 'green' : 'gray'}>
                        {n.score.toFixed(2)} {n.matched ? 'match' : 'no match'}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </SimpleGrid>
      {columns.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="md" mb={4}>
            First joined rows
          </Text>
          {/* a wide join scrolls sideways: its region takes the focus so keys can scroll it */}
          <Table.ScrollContainer
            minWidth={600}
            scrollAreaProps={{
              viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'First joined rows' },
            }}
          >
            <Table verticalSpacing={4} fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c}>{c}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.rows.map((r, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here (rows of a fixed snapshot)
                  <Table.Tr key={i}>
                    {columns.map((c) => (
                      <Table.Td key={c}>{show(r[c])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}

function Stat({ label, value, total }: { label: string; value: number; total?: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {formatCount(value)}
        {total ? (
          <Text span size="sm" c="dimmed" fw={400}>
            {' '}
            / {formatCount(total)}
          </Text>
        ) : null}
      </Text>
    </Stack>
  );
}
