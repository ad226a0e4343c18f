import { Button, Group, Paper, Slider, Stack, Table, Text } from '@mantine/core';
import type { TResolution } from '@mapwright/contracts';
import { useState } from 'react';
import { useRerun } from '../api.ts';

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The match-weight threshold with the model's expected precision, recall and entity count. */
export function ThresholdTab({ resolution }: { resolution: TResolution }) {
  const s = resolution.summary!;
  const rerun = useRerun(resolution.id);
  const [weight, setWeight] = useState(s.threshold);
  const curve = s.curve;
  // the curve point of the lowest weight at or above the slider
  const point = [...curve].reverse().find((p) => p.weight >= weight) ?? curve[0];
  const lo = Math.floor(Math.min(...curve.map((p) => p.weight), s.threshold - 5));
  const hi = Math.ceil(Math.max(...curve.map((p) => p.weight), s.threshold + 5));
  const entities = point ? Math.max(1, s.records - point.pairs) : s.records;
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" fw={600} mb={4} id="threshold-label">
          Match threshold (weight in bits): {weight.toFixed(1)}
          {Math.abs(weight - s.threshold) < 0.05 ? ' — the current one' : ''}
        </Text>
        <Slider
          thumbLabel="Match threshold"
          min={lo}
          max={hi}
          step={0.1}
          value={weight}
          onChange={setWeight}
          label={(v) => v.toFixed(1)}
          mb="md"
        />
        <Group gap="xl">
          <Text size="sm">
            Estimated precision: <b>{point ? pct(point.precision) : '—'}</b>
          </Text>
          <Text size="sm">
            Estimated recall: <b>{point ? pct(point.recall) : '—'}</b>
          </Text>
          <Text size="sm">
            Matched pairs: <b>{point?.pairs.toLocaleString('en') ?? 0}</b>
          </Text>
          <Text size="sm">
            Entities: <b>≈ {entities.toLocaleString('en')}</b>
          </Text>
        </Group>
        <Text size="xs" c="dimmed" mt="xs">
          Estimates come from the model's match probabilities, not from labels. The threshold was chosen where
          the expected F1 is highest.
        </Text>
        <Group justify="flex-end" mt="sm">
          <Button
            variant="light"
            onClick={() => rerun.mutate({ threshold: weight })}
            loading={rerun.isPending}
            disabled={Math.abs(weight - s.threshold) < 0.05}
          >
            Apply this threshold
          </Button>
        </Group>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Text size="sm" fw={600} mb="xs">
          Blocking rules
        </Text>
        <Table fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Rule</Table.Th>
              <Table.Th ta="right">Pairs added</Table.Th>
              <Table.Th ta="right">Estimated recall</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {s.rules.map((r) => (
              <Table.Tr key={r.label}>
                <Table.Td>{r.label}</Table.Td>
                <Table.Td ta="right">{r.pairs.toLocaleString('en')}</Table.Td>
                <Table.Td ta="right">{pct(r.estimated_recall)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
