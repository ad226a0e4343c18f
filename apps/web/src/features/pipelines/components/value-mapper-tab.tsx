import {
  Alert,
  Autocomplete,
  Badge,
  Button,
  FileButton,
  Group,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { TPipeline, TValueMapSuggestion } from '@mapwright/contracts';
import { IconDownload, IconFileSpreadsheet, IconWand } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createStore, useStore } from '../../../lib/store.ts';
import { useDeployedMapper } from '../api/deployed-mapper.ts';
import { pipelineKey } from '../api/keys.ts';
import { applyValues, exportValues, readWorkbook, suggestValues } from '../api/value-map.ts';

/**
 * The Excel mapper's slice (spec §3 `valueMapData`): the field, the workbook's pairs, the
 * suggestions and the user's edits, kept while the user moves between tabs.
 */
interface TValueMapData {
  pipelineId: string | null;
  field: string | null;
  workbook: Record<string, string> | null;
  workbookName: string | null;
  suggestion: TValueMapSuggestion | null;
  edits: Record<string, string>;
}
const EMPTY: TValueMapData = {
  pipelineId: null,
  field: null,
  workbook: null,
  workbookName: null,
  suggestion: null,
  edits: {},
};
export const valueMapData = createStore<TValueMapData>(EMPTY);

const pct = (n: number) => `${Math.round(n * 100)}%`;

/** Pipeline tab (demo flag avionteExcel): map a field's source values onto its target values. */
export function ValueMapperTab({ pipeline }: { pipeline: TPipeline }) {
  const mapper = useDeployedMapper(pipeline.id, pipeline.deployed_mapper_version);
  const stored = useStore(valueMapData);
  const data = stored.pipelineId === pipeline.id ? stored : { ...EMPTY, pipelineId: pipeline.id };
  const set = (next: Partial<TValueMapData>) => valueMapData.set({ ...data, ...next });
  const qc = useQueryClient();

  const fields = Object.entries(mapper.data?.spec ?? {})
    .filter(
      ([, e]) =>
        Array.isArray(e['@sources']) &&
        e['@sources'].length === 1 &&
        !String(e['@sources'][0]).includes('[*]'),
    )
    .map(([target]) => target);

  const suggest = useMutation({
    mutationFn: () => suggestValues(pipeline.id, data.field!, data.workbook ?? undefined),
    onSuccess: (suggestion) => set({ suggestion, edits: {} }),
  });
  const upload = useMutation({
    mutationFn: (file: File) => readWorkbook(file),
    onSuccess: (tables, file) => {
      const table = tables.find((t) => t.field === data.field) ?? tables[0]!;
      set({
        workbook: Object.fromEntries(table.pairs.map((p) => [p.source, p.target])),
        workbookName: `${file.name} (sheet “${table.sheet}”, ${table.pairs.length} pair${table.pairs.length === 1 ? '' : 's'})`,
        field: data.field ?? (fields.includes(table.field) ? table.field : null),
      });
    },
  });
  const rows = (data.suggestion?.rows ?? []).map((r) => ({
    ...r,
    value: data.edits[r.source] ?? r.target ?? '',
  }));
  const table = Object.fromEntries(rows.filter((r) => r.value.trim()).map((r) => [r.source, r.value.trim()]));
  const apply = useMutation({
    mutationFn: () => applyValues(pipeline.id, data.field!, table),
    onSuccess: () => void qc.invalidateQueries({ queryKey: pipelineKey(pipeline.id) }),
  });
  const unmapped = rows.filter((r) => !r.value.trim());

  if (!pipeline.deployed_mapper_version)
    return <Text c="dimmed">Deploy a mapper first: values are mapped per field of the deployed mapper.</Text>;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Map the values of one field: every value the pipeline's jobs have seen gets a suggested target value.
        Upload a workbook of value tables (source in column A, target in B) to give pairs yourself.
      </Text>
      <Group align="end">
        <Select
          label="Target field"
          placeholder="Choose a field"
          data={fields}
          value={data.field}
          onChange={(field) => set({ field, suggestion: null, edits: {} })}
          w={260}
        />
        <FileButton onChange={(f) => f && upload.mutate(f)} accept=".xlsx">
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={upload.isPending}
            >
              Upload a workbook
            </Button>
          )}
        </FileButton>
        <Button
          leftSection={<IconWand size={16} />}
          disabled={!data.field}
          loading={suggest.isPending}
          onClick={() => suggest.mutate()}
        >
          Suggest values
        </Button>
      </Group>
      {data.workbookName && <Text size="sm">Workbook: {data.workbookName}</Text>}
      {[upload.error, suggest.error, apply.error].map(
        (e) =>
          e && (
            <Alert key={e.message} color="red" role="alert" title="Something went wrong">
              {e.message}
            </Alert>
          ),
      )}
      {data.suggestion && (
        <>
          <Table aria-label="Value map" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Source value</Table.Th>
                <Table.Th ta="right">Records</Table.Th>
                <Table.Th>Target value</Table.Th>
                <Table.Th>Confidence</Table.Th>
                <Table.Th>Why</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.source}>
                  <Table.Td>{r.source}</Table.Td>
                  <Table.Td ta="right">{r.count}</Table.Td>
                  <Table.Td>
                    <Autocomplete
                      aria-label={`Target value for ${r.source}`}
                      data={data.suggestion!.targets}
                      value={r.value}
                      onChange={(v) => set({ edits: { ...data.edits, [r.source]: v } })}
                      placeholder="Unmapped"
                      size="xs"
                    />
                  </Table.Td>
                  <Table.Td>
                    {r.target === null ? (
                      '—'
                    ) : (
                      <Badge
                        variant="light"
                        color={r.confidence >= 0.8 ? 'green' : r.confidence >= 0.5 ? 'yellow' : 'red'}
                      >
                        {pct(r.confidence)}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed">
                      {data.edits[r.source] !== undefined ? 'edited by you' : r.reason}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {unmapped.length > 0 && (
            <Alert
              color="yellow"
              title={`${unmapped.length} unmapped value${unmapped.length === 1 ? '' : 's'}`}
            >
              {unmapped.map((r) => `${r.source} (${r.count} record${r.count === 1 ? '' : 's'})`).join(', ')} —
              these keep their source value.
            </Alert>
          )}
          <Group>
            <Button
              disabled={Object.keys(table).length === 0}
              loading={apply.isPending}
              onClick={() => apply.mutate()}
            >
              Apply as lookups
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() =>
                void exportValues(
                  data.field!,
                  rows.map((r) => ({ source: r.source, target: r.value.trim() || null, count: r.count })),
                )
              }
            >
              Export to Excel
            </Button>
          </Group>
          {apply.data && (
            <Alert color="green" title="Applied">
              Mapper version {apply.data.mapper_version} maps {data.field} with this table and is deployed;
              re-run a job to use it.
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
