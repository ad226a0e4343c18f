import { Alert, Badge, Box, Button, Group, Kbd, Paper, Stack, Table, Text } from '@mantine/core';
import type { TResolution, TResolutionPair } from '@mapwright/contracts';
import { IconChecks, IconGitMerge } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useLabel, usePairs, useRerun, useSideNames } from '../api.ts';
import { NotLinked } from './not-linked.tsx';

type Label = 'yes' | 'no' | 'skip';

/** The weight each field adds (or takes away), as bars from the prior: the waterfall. */
function Waterfall({
  pair,
  prior,
  sides,
}: {
  pair: TResolutionPair;
  prior: number;
  sides: [string, string];
}) {
  const max = Math.max(1, ...pair.fields.map((f) => Math.abs(f.weight)), Math.abs(prior));
  return (
    <Table fz="sm" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Field</Table.Th>
          <Table.Th>{sides[0]}</Table.Th>
          <Table.Th>{sides[1]}</Table.Th>
          <Table.Th>Agreement</Table.Th>
          <Table.Th w={220}>Weight</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {pair.fields.map((f) => (
          <Table.Tr key={f.column}>
            <Table.Td fw={500}>{f.column}</Table.Td>
            <Table.Td>
              {f.a ?? (
                <Text span c="dimmed">
                  empty
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {f.b ?? (
                <Text span c="dimmed">
                  empty
                </Text>
              )}
            </Table.Td>
            <Table.Td>{f.level}</Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Box
                  h={10}
                  w={`${(Math.abs(f.weight) / max) * 140}px`}
                  bg={f.weight >= 0 ? 'teal.6' : 'red.6'}
                  style={{ borderRadius: 2 }}
                />
                <Text size="xs">
                  {f.weight >= 0 ? '+' : ''}
                  {f.weight.toFixed(1)}
                </Text>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

const keyOf = (p: TResolutionPair) => `${p.a_key}\u0000${p.b_key}`;

/** Uncertain pairs first; Y (same), N (not the same), S (skip) from the keyboard. */
export function ReviewTab({ resolution }: { resolution: TResolution }) {
  const pairs = usePairs(resolution.id, true);
  const label = useLabel(resolution.id);
  const rerun = useRerun(resolution.id);
  const sideName = useSideNames(resolution);
  const sides: [string, string] =
    resolution.kind === 'link' ? [sideName('left'), sideName('right')] : ['Left record', 'Right record'];
  const [decided, setDecided] = useState<Record<string, Label>>({});
  const queue = (pairs.data?.items ?? []).filter((p) => !p.label && !decided[keyOf(p)]);
  const current = queue[0];
  const apart = (pairs.data?.not_linked ?? []).filter((p) => !p.label && !decided[keyOf(p)]);
  const count = Object.keys(decided).length;

  useEffect(() => {
    if (!current) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
      const l = ({ y: 'yes', n: 'no', s: 'skip' } as const)[e.key.toLowerCase() as 'y' | 'n' | 's'];
      if (!l) return;
      e.preventDefault();
      setDecided((d) => ({ ...d, [keyOf(current)]: l }));
      label.mutate({ a_key: current.a_key, b_key: current.b_key, label: l });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current, label]);

  if (pairs.isPending) return <LoadingBlock label="Loading the review queue…" />;
  if (pairs.isError) return <ErrorBlock error={pairs.error} onRetry={() => void pairs.refetch()} />;
  const decide = (l: Label) => {
    if (!current) return;
    setDecided((d) => ({ ...d, [keyOf(current)]: l }));
    label.mutate({ a_key: current.a_key, b_key: current.b_key, label: l });
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Most uncertain first; among equally uncertain pairs, those a wrong decision would cost most. Press{' '}
          <Kbd>Y</Kbd> same entity, <Kbd>N</Kbd> not the same, <Kbd>S</Kbd> skip.
        </Text>
        <Group>
          <Text size="sm" aria-live="polite">
            {count} decided this session · {queue.length} left
          </Text>
          <Button
            variant="light"
            onClick={() => rerun.mutate({})}
            loading={rerun.isPending}
            disabled={!count}
          >
            Re-run with decisions
          </Button>
        </Group>
      </Group>
      {current ? (
        <Paper withBorder p="md" radius="md" data-testid="review-pair">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>
              {current.a_key} ↔ {current.b_key}
            </Text>
            <Group gap="xs">
              <Badge variant="light">match probability {(current.probability * 100).toFixed(0)}%</Badge>
              <Badge variant="outline" color="gray">
                weight {current.weight.toFixed(1)} (prior {pairs.data.prior.toFixed(1)})
              </Badge>
            </Group>
          </Group>
          {current.risk_reason && (
            <Alert
              variant="light"
              color="orange"
              icon={<IconGitMerge size={18} />}
              title="Shown early: this pair holds groups together"
              mb="sm"
              data-testid="risk-reason"
            >
              {current.risk_reason}.
            </Alert>
          )}
          <Waterfall pair={current} prior={pairs.data.prior} sides={sides} />
          <Group mt="md">
            <Button color="teal.9" onClick={() => decide('yes')}>
              Same (Y)
            </Button>
            <Button color="red" variant="light" onClick={() => decide('no')}>
              Not the same (N)
            </Button>
            <Button variant="default" onClick={() => decide('skip')}>
              Skip (S)
            </Button>
          </Group>
        </Paper>
      ) : (
        <EmptyBlock icon={<IconChecks size={22} />} title="Nothing left to review">
          Every uncertain pair has a decision. Re-run to apply them: the model learns from them, and "not the
          same" keeps records apart.
        </EmptyBlock>
      )}
      <NotLinked
        pairs={apart}
        onSame={(p) => {
          setDecided((d) => ({ ...d, [keyOf(p)]: 'yes' }));
          label.mutate({ a_key: p.a_key, b_key: p.b_key, label: 'yes' });
        }}
      />
    </Stack>
  );
}
