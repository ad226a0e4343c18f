import { Badge, Button, Code, Group, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconChecks, IconHourglass } from '@tabler/icons-react';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useErrorScan } from '../hooks/use-error-scan.ts';
import type { TErrorGroup, TSample } from '../lib/error-groups.ts';
import { formatCount, formatPercent, plural } from '../lib/format.ts';

const TYPE_COLORS: Record<string, string> = {
  Missing: 'red',
  'Format Error': 'orange',
  'Type Error': 'orange',
  'Schema Error': 'red',
  'Unique Error': 'grape',
};
const TYPE_HINTS: Record<string, string> = {
  Missing: 'A required field has no value.',
  'Format Error': 'A value is there, but not in a form the field takes (or the transform could not read it).',
  'Type Error': 'A value is there, but of the wrong type or format.',
  'Schema Error': 'A required field is missing, or the record does not fit the schema.',
  'Unique Error': 'A field that must be unique holds the same value in several records.',
};

/** The run's validation errors grouped by type and field, with counts and a few sample values. */
export function ErrorGroups({
  run,
  onShowRecords,
}: {
  run: TResult;
  /** the quarantined records, all of them or those with one error */
  onShowRecords: (filter?: { type: string; field: string }) => void;
}) {
  const scan = useErrorScan(run);
  if (!scan.settled)
    return (
      <EmptyBlock icon={<IconHourglass size={22} />} title="Errors are summarised when the run ends">
        {run.failed
          ? `${plural(run.failed, 'record')} failed validation so far.`
          : 'No record has failed validation so far.'}
      </EmptyBlock>
    );
  if (run.failed === 0)
    return (
      <EmptyBlock icon={<IconChecks size={22} />} title="Every record passed validation">
        {run.processed
          ? `All ${formatCount(run.processed)} mapped records fit the target schema.`
          : 'No record was mapped in this run.'}
      </EmptyBlock>
    );
  if (scan.error) return <ErrorBlock error={scan.error} onRetry={scan.refetch} />;
  if (scan.loading) return <LoadingBlock label="Reading the quarantined records…" />;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          <b>{plural(run.failed, 'record')}</b> ({formatPercent(run.failed / Math.max(1, run.processed))})
          failed validation and were quarantined.
        </Text>
        <Button variant="light" size="xs" onClick={() => onShowRecords()}>
          See the quarantined records
        </Button>
      </Group>
      {scan.groups.map((t) => (
        <Paper key={t.type} withBorder radius="md" component="section" aria-label={t.type}>
          <Group justify="space-between" p="md" pb="xs" wrap="wrap">
            <div>
              <Group gap="xs">
                <Title order={2} fz="md">
                  {t.type}
                </Title>
                <Badge color={TYPE_COLORS[t.type] ?? 'gray'} variant="light">
                  {plural(t.fields.length, 'field')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {TYPE_HINTS[t.type] ?? 'Records that do not fit the target schema.'}
              </Text>
            </div>
          </Group>
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" layout="fixed">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="20%">Field</Table.Th>
                  <Table.Th w="28%">Problem</Table.Th>
                  <Table.Th w={130} ta="right">
                    Records
                  </Table.Th>
                  <Table.Th>Sample values</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {t.fields.map((g) => (
                  <FieldRow
                    key={g.field}
                    group={g}
                    failed={Math.max(1, scan.scanned)}
                    color={TYPE_COLORS[t.type] ?? 'gray'}
                    onShow={() => onShowRecords({ type: t.type, field: g.field })}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ))}
    </Stack>
  );
}

function FieldRow({
  group,
  failed,
  color,
  onShow,
}: {
  group: TErrorGroup;
  failed: number;
  color: string;
  onShow: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td>
        <Code fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {group.field}
        </Code>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {group.rules.map((r) => (
            <Text key={r.rule} size="sm">
              {r.rule}
              {group.rules.length > 1 && (
                <Text span c="dimmed" size="xs">{` · ${formatCount(r.count)}`}</Text>
              )}
            </Text>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={onShow}
          aria-label={`Show the ${formatCount(group.count)} records with this error on ${group.field}`}
        >
          {formatCount(group.count)}
        </Button>
        <Progress
          value={(group.count / failed) * 100}
          color={color}
          size="xs"
          mt={4}
          aria-label={`Share of failed records with this error on ${group.field}`}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={6}>
          {group.samples.map((s) => (
            <SampleValue key={`${s.from}-${s.index}`} sample={s} />
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SampleValue({ sample }: { sample: TSample }) {
  if (sample.from === 'missing')
    return (
      <Text size="xs" c="dimmed" fs="italic">
        (no value)
      </Text>
    );
  const text = JSON.stringify(sample.value) ?? String(sample.value);
  return (
    <Code
      fz="xs"
      title={
        sample.from === 'source'
          ? `Record ${sample.index + 1}: the source held this; the mapper could not use it`
          : `Record ${sample.index + 1}`
      }
    >
      {text.length > 40 ? `${text.slice(0, 37)}…` : text}
      {sample.from === 'source' && ' (source)'}
    </Code>
  );
}
