import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
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

// golden records of another resolution can be linked to new data (e.g. clean customers × a new export)
const KIND_GROUPS = {
  import: 'Imports',
  result: 'Job results (valid records)',
  join_run: 'Joined data',
  resolution_golden: 'Golden records',
};
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

/** Two steps: the data (one input to dedupe, or two to link, and the key), then the proposal. */
export function NewResolutionWizard({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const inputs = useInputChoices();
  const propose = usePropose();
  const create = useCreateResolution();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [mode, setMode] = useState<'dedupe' | 'link'>('dedupe');
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
  const columnsOf = (value: string | null) =>
    inputs.data?.find((i) => `${i.kind}:${i.id}` === value)?.columns ?? [];
  const linking = mode === 'link';
  const leftColumns = columnsOf(left);
  const rightColumns = columnsOf(right);
  // a link compares (and keys on) the columns both inputs have
  const columns = linking && right ? leftColumns.filter((c) => rightColumns.includes(c)) : leftColumns;
  const onlyLeft = linking && right ? leftColumns.filter((c) => !rightColumns.includes(c)) : [];
  const onlyRight = linking && right ? rightColumns.filter((c) => !leftColumns.includes(c)) : [];
  const nameOf = (value: string | null) => inputs.data?.find((i) => `${i.kind}:${i.id}` === value)?.name;
  const input = {
    ...(left ? asRequest(left, 'left') : {}),
    ...(linking && right ? asRequest(right, 'right') : {}),
    ...(key ? { id_column: key } : {}),
  };

  const close = () => {
    setStep(0);
    setMode('dedupe');
    setRight(null);
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
          <SegmentedControl
            aria-label="What to do"
            value={mode}
            onChange={(v) => {
              setMode(v as 'dedupe' | 'link');
              setKey(null);
            }}
            data={[
              { value: 'dedupe', label: 'Find duplicates in one dataset' },
              { value: 'link', label: 'Link two datasets' },
            ]}
          />
          <Select
            label={linking ? 'First dataset' : 'Data to resolve'}
            description={
              linking
                ? 'Each of its records is linked to at most one record of the second dataset.'
                : "An import, a job's valid results or joined data: its duplicates are found."
            }
            data={options}
            value={left}
            onChange={(v) => {
              setLeft(v);
              setKey(null);
            }}
            placeholder={inputs.isPending ? 'Loading inputs…' : 'Choose data'}
            searchable
          />
          {linking && (
            <Select
              label="Second dataset"
              description="The same entities recorded elsewhere (e.g. the billing export of the CRM's customers)."
              data={options.map((g) => ({ ...g, items: g.items.filter((o) => o.value !== left) }))}
              value={right}
              onChange={(v) => {
                setRight(v);
                setKey(null);
              }}
              placeholder="Choose data"
              searchable
            />
          )}
          <Select
            label="Record key (optional)"
            description={
              linking
                ? 'A column both datasets have, identifying each record; it is never compared. Row numbers otherwise.'
                : 'A column identifying each record; it is never compared. Row numbers otherwise.'
            }
            data={[...new Set(columns)]}
            value={key}
            onChange={setKey}
            clearable
            disabled={!left || (linking && !right)}
          />
          {(onlyLeft.length > 0 || onlyRight.length > 0) && (
            <Alert color="yellow" variant="light" title="Columns only one dataset has are not compared">
              {onlyLeft.length > 0 && `Only in ${nameOf(left)}: ${onlyLeft.join(', ')}. `}
              {onlyRight.length > 0 && `Only in ${nameOf(right)}: ${onlyRight.join(', ')}.`}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={next} disabled={!left || (linking && !right)} loading={propose.isPending}>
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
