import { Alert, Button, Group, Menu, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { TGoldenRecord, TResolution, TSurvivorship } from '@mapwright/contracts';
import { IconDownload, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import {
  downloadGolden,
  useGolden,
  useOverride,
  usePipelineChoices,
  useRunPipelineOnDataset,
  useSurvivorship,
} from '../api.ts';

const RULES: { value: TSurvivorship; label: string }[] = [
  { value: 'most_frequent', label: 'Most frequent' },
  { value: 'longest', label: 'Longest non-null' },
  { value: 'latest', label: 'Latest record' },
  { value: 'source_priority', label: 'Source priority (first source)' },
];

/** A value of a golden record: a menu of the entity's values when there is a choice. */
function GoldenCell({ resolutionId, g, field }: { resolutionId: string; g: TGoldenRecord; field: string }) {
  const override = useOverride(resolutionId);
  const value = g.values[field] ?? '';
  const chosen = g.overridden.includes(field);
  const options = g.options[field] ?? [];
  if (options.length < 2 && !chosen) return <>{value}</>;
  const set = (v: string | null, clear = false) =>
    override.mutate({ record_key: g.cluster_id, column: field, value: v, clear });
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <UnstyledButton
          fz="sm"
          fw={chosen ? 600 : undefined}
          style={{ textDecoration: 'underline dotted' }}
          aria-label={`${field} of ${g.cluster_id}: ${value}${chosen ? ' (chosen by hand)' : ''}`}
        >
          {value || '—'}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Keep this value</Menu.Label>
        {options.map((o) => (
          <Menu.Item key={o} onClick={() => set(o)}>
            {o}
          </Menu.Item>
        ))}
        {chosen && (
          <Menu.Item c="dimmed" onClick={() => set(null, true)}>
            Back to the rule
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Runs a pipeline over the golden records: the stored dataset as a job's input. */
function UseAsPipelineInput({ datasetId }: { datasetId: string }) {
  const pipelines = usePipelineChoices();
  const run = useRunPipelineOnDataset();
  const navigate = useNavigate();
  const [pipelineId, setPipelineId] = useState<string | null>(null);
  return (
    <Stack gap={4}>
      <Group align="flex-end" gap="sm">
        <Select
          label="Use as a pipeline input"
          placeholder={pipelines.isPending ? 'Loading pipelines…' : 'Pick a pipeline'}
          data={(pipelines.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={pipelineId}
          onChange={setPipelineId}
          searchable
          nothingFoundMessage="No pipeline by that name"
          w={280}
        />
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} />}
          disabled={!pipelineId}
          loading={run.isPending}
          onClick={() =>
            pipelineId &&
            run.mutate({ pipelineId, datasetId }, { onSuccess: (job) => navigate(`/job?id=${job.id}`) })
          }
        >
          Run a job
        </Button>
      </Group>
      {run.isError && (
        <Alert color="red" title="The job could not start">
          {run.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * Golden records, stored as a dataset: a survivorship rule per field, any value overridable by a
 * click (the choice is saved and outlives re-runs).
 */
export function GoldenTab({ resolution }: { resolution: TResolution }) {
  const [page, setPage] = useState(1);
  const golden = useGolden(resolution.id, page);
  const survivorship = useSurvivorship(resolution.id);
  const [exporting, setExporting] = useState(false);
  if (golden.isPending) return <LoadingBlock label="Loading golden records…" />;
  if (golden.isError) return <ErrorBlock error={golden.error} onRetry={() => void golden.refetch()} />;
  const { fields, rules, items, total, size } = golden.data;
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed" maw={520}>
          One record per entity ({total.toLocaleString('en')}), stored as a dataset. Pick how each field's
          value survives; click a value to choose another: your choice is kept when the resolution runs again.
        </Text>
        <Group align="flex-end">
          {resolution.golden_dataset_id && <UseAsPipelineInput datasetId={resolution.golden_dataset_id} />}
          <Button
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              void downloadGolden(resolution).finally(() => setExporting(false));
            }}
          >
            Export golden records
          </Button>
        </Group>
      </Group>
      {survivorship.isError && (
        <Alert color="red" title="The rule was not saved">
          {survivorship.error.message}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={1000}>
        <Table fz="sm" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Entity</Table.Th>
              {fields.map((f) => (
                <Table.Th key={f}>
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {f}
                    </Text>
                    <Select
                      size="xs"
                      miw={150}
                      aria-label={`Survivorship of ${f}`}
                      data={RULES}
                      value={rules[f] ?? 'most_frequent'}
                      onChange={(v) => v && survivorship.mutate({ [f]: v as TSurvivorship })}
                      allowDeselect={false}
                    />
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((g) => (
              <Table.Tr key={g.cluster_id} data-testid="golden-record">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {g.cluster_id}{' '}
                  <Text span c="dimmed" size="xs">
                    ({g.records})
                  </Text>
                </Table.Td>
                {fields.map((f) => (
                  <Table.Td key={f}>
                    <GoldenCell resolutionId={resolution.id} g={g} field={f} />
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > size && (
        <Pager
          total={Math.ceil(total / size)}
          value={page}
          onChange={setPage}
          aria-label="Golden records pages"
        />
      )}
    </Stack>
  );
}
