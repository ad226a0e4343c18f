import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  Stack,
  Stepper,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { TJoinSource, TProposal } from '@mapwright/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateResolution, useInputChoices, usePropose } from '../api.ts';

const KIND_GROUPS = { import: 'Imports', result: 'Job results (valid records)', join_run: 'Joined data' };
const sourceOf = (value: string): TJoinSource => {
  const [kind, id] = value.split(':') as [TJoinSource['kind'], string];
  return { kind, id };
};
/** An import goes by import_id (as it always has); any other input by `input`. */
const asRequest = (value: string, side: 'left' | 'right') => {
  const src = sourceOf(value);
  if (src.kind === 'import') return side === 'left' ? { import_id: src.id } : { right_import_id: src.id };
  return side === 'left' ? { input: src } : { right_input: src };
};

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Two steps: the data (one import to dedupe, or two to link, and its key), then the proposal. */
export function NewResolutionWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const inputs = useInputChoices();
  const propose = usePropose();
  const create = useCreateResolution();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [name, setName] = useState('');
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const proposal: TProposal | undefined = propose.data;
  const options = Object.entries(KIND_GROUPS)
    .map(([kind, group]) => ({
      group,
      items: (inputs.data ?? [])
        .filter((i) => i.kind === kind)
        .map((i) => ({ value: `${i.kind}:${i.id}`, label: i.name })),
    }))
    .filter((g) => g.items.length);
  const columns = inputs.data?.find((i) => `${i.kind}:${i.id}` === left)?.columns ?? [];
  const input = {
    ...(left ? asRequest(left, 'left') : {}),
    ...(right ? asRequest(right, 'right') : {}),
    ...(key ? { id_column: key } : {}),
  };

  const close = () => {
    setStep(0);
    propose.reset();
    create.reset();
    onClose();
  };
  const next = () =>
    propose.mutate(input, {
      onSuccess: (p) => {
        setChosen(p.rules.map((_, i) => i));
        setStep(1);
      },
    });
  const run = () =>
    create.mutate(
      {
        name: name.trim() || 'Entity resolution',
        ...input,
        ...(proposal && chosen.length ? { rules: chosen.map((i) => proposal.rules[i]!.rule) } : {}),
      },
      {
        onSuccess: (r) => {
          close();
          navigate(`/entity_resolution/${r.id}`);
        },
      },
    );
  const error = (propose.error ?? create.error) as Error | null;
  const selectedPairs = chosen.reduce((s, i) => s + (proposal?.rules[i]?.pairs ?? 0), 0);

  return (
    <Modal opened={opened} onClose={close} title="New entity resolution" size="xl">
      <Stepper active={step} size="sm" mb="md">
        <Stepper.Step label="Data" description="What to resolve" />
        <Stepper.Step label="Blocking and comparisons" description="Proposed from the columns" />
      </Stepper>
      {error && (
        <Alert color="red" mb="md" title="This cannot run">
          {error.message}
        </Alert>
      )}
      {step === 0 ? (
        <Stack>
          <TextInput
            label="Name"
            placeholder="Customer duplicates"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Select
            label="Data to resolve"
            description="An import, a job's valid results or joined data: its duplicates are found; with a second input, records are linked across the two."
            data={options}
            value={left}
            onChange={(v) => {
              setLeft(v);
              setKey(null);
            }}
            placeholder={inputs.isPending ? 'Loading inputs…' : 'Choose data'}
            searchable
          />
          <Select
            label="Link with (optional)"
            data={options.map((g) => ({ ...g, items: g.items.filter((o) => o.value !== left) }))}
            value={right}
            onChange={setRight}
            clearable
            placeholder="Dedupe only"
          />
          <Select
            label="Record key (optional)"
            description="A column identifying each record; it is never compared. Row numbers otherwise."
            data={[...new Set(columns)]}
            value={key}
            onChange={setKey}
            clearable
            disabled={!left}
          />
          <Group justify="flex-end">
            <Button onClick={next} disabled={!left} loading={propose.isPending}>
              Next
            </Button>
          </Group>
        </Stack>
      ) : (
        proposal && (
          <Stack>
            {proposal.warnings.map((w) => (
              <Alert key={w} color="yellow" variant="light">
                {w}
              </Alert>
            ))}
            <Text size="sm" fw={600}>
              Columns compared ({proposal.records.toLocaleString('en')} records)
            </Text>
            <Table withTableBorder fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Column</Table.Th>
                  <Table.Th>Compared as</Table.Th>
                  <Table.Th ta="right">Empty</Table.Th>
                  <Table.Th ta="right">Distinct</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proposal.columns.map((c) => (
                  <Table.Tr key={c.column}>
                    <Table.Td>{c.column}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={c.role === 'ignore' ? 'gray' : 'blue'}>
                        {c.role === 'ignore' ? `not compared: ${c.reason ?? ''}` : c.role}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{pct(c.null_rate)}</Table.Td>
                    <Table.Td ta="right">{pct(c.distinct_ratio)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="sm" fw={600}>
              Blocking rules: records are compared when any chosen rule pairs them
            </Text>
            <Stack gap={6}>
              {proposal.rules.map((r, i) => (
                <Checkbox
                  key={r.label}
                  checked={chosen.includes(i)}
                  onChange={(e) =>
                    setChosen(e.currentTarget.checked ? [...chosen, i] : chosen.filter((x) => x !== i))
                  }
                  label={`${r.label} — ${r.pairs.toLocaleString('en')} pairs`}
                />
              ))}
              {proposal.rejected.map((r) => (
                <Text key={r.label} size="xs" c="dimmed">
                  Not proposed: {r.label} would compare {r.pairs.toLocaleString('en')} pairs
                </Text>
              ))}
            </Stack>
            <Text size="sm" c="dimmed">
              At most {selectedPairs.toLocaleString('en')} pairs compared. Estimated recall of each rule and
              the match threshold are measured on the run, without labels.
            </Text>
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                Back
              </Button>
              <Button onClick={run} loading={create.isPending} disabled={!chosen.length}>
                Run
              </Button>
            </Group>
          </Stack>
        )
      )}
    </Modal>
  );
}
