import { Badge, Box, Button, Code, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TResult } from '@mapwright/contracts';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { type TJsonSchemaLike, useJobTargetSchema } from '../api/job-target-schema.ts';
import { useResultMappings } from '../api/result-mappings.ts';
import { formatCount } from '../lib/format.ts';
import { recordErrorsOf, type TMapping } from '../lib/messages.ts';
import { isOpen } from '../lib/status.ts';
import { FixCell, FixedBadge, FixesBar } from './quarantine-fixes.tsx';

const PAGE = 10;
const TYPE_COLORS: Record<string, string> = {
  Missing: 'red',
  'Format Error': 'orange',
  'Type Error': 'orange',
  'Schema Error': 'red',
  'Unique Error': 'grape',
};

/** Records that failed validation: each with why, its source record and what the mapper made of it. */
export function QuarantineList({
  run,
  jobId,
  error,
  onClearError,
}: {
  run: TResult;
  jobId: string;
  /** only the records with this error on this field */
  error?: { type: string; field: string };
  onClearError?: () => void;
}) {
  const [page, setPage] = useState(1);
  const settled = !isOpen(run.status);
  const q = useResultMappings(run.id, { page, size: PAGE, onlyErrors: true, error }, settled);
  const schema = useJobTargetSchema(jobId).data;
  const editable = settled && run.failed > 0;
  // a new filter starts at its first page
  const filterKey = `${error?.type}\u0000${error?.field}`;
  const [shownFilter, setShownFilter] = useState(filterKey);
  if (shownFilter !== filterKey) {
    setShownFilter(filterKey);
    setPage(1);
  }

  if (run.failed === 0 && settled)
    return (
      <EmptyBlock icon={<IconShieldCheck size={22} />} title="Nothing is quarantined">
        Every mapped record passed validation.
      </EmptyBlock>
    );
  if (q.isPending) return <LoadingBlock label="Loading quarantined records…" />;
  if (q.isError) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.items.length === 0)
    return (
      <EmptyBlock icon={<IconShieldCheck size={22} />} title="Nothing is quarantined yet">
        Records that fail validation appear here while the run goes on.
      </EmptyBlock>
    );

  const first = (page - 1) * PAGE + 1;
  return (
    <Stack gap="md">
      {error && (
        <Group gap="xs">
          <Badge variant="light" color={TYPE_COLORS[error.type] ?? 'gray'} tt="none" size="lg">
            Only {error.type} on <Code>{error.field}</Code>
          </Badge>
          <Button variant="subtle" size="compact-sm" onClick={onClearError}>
            Show every quarantined record
          </Button>
        </Group>
      )}
      <Text size="sm" c="dimmed" aria-live="polite">
        Records {formatCount(first)}–{formatCount(first + q.data.items.length - 1)} of{' '}
        {formatCount(q.data.total)} quarantined. Download them all as one file from Downloads → Failed
        records.
      </Text>
      {editable && (
        <FixesBar
          run={run}
          fields={[...new Set(q.data.items.flatMap((m) => Object.keys(recordErrorsOf(m.message))))]}
        />
      )}
      {q.data.items.map((m) => (
        <QuarantinedRecord
          key={m.index}
          m={m}
          resultId={run.id}
          schema={editable ? schema : undefined}
          editable={editable}
        />
      ))}
      {q.data.pages > 1 && (
        <Pager total={q.data.pages} value={page} onChange={setPage} aria-label="Quarantined records pages" />
      )}
    </Stack>
  );
}

function QuarantinedRecord({
  m,
  resultId,
  schema,
  editable,
}: {
  m: TMapping;
  resultId: string;
  schema: TJsonSchemaLike | undefined;
  editable: boolean;
}) {
  const errors = Object.entries(recordErrorsOf(m.message));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="article"
      aria-label={`Record ${formatCount(m.index + 1)}${m.line !== undefined ? `, line ${formatCount(m.line)}` : ''}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Title order={3} fz="sm">
              Record {formatCount(m.index + 1)}
            </Title>
            {/* the line of the source file: what the import's problems and the downloads say */}
            {m.line !== undefined && (
              <Text size="sm" c="dimmed">
                · line {formatCount(m.line)}
              </Text>
            )}
          </Group>
          <Group gap={6}>
            {m.fixed && <FixedBadge passes={m.message === 'success'} />}
            <Text size="xs" c="dimmed">
              {errors.length === 1 ? '1 problem' : `${errors.length} problems`}
            </Text>
          </Group>
        </Group>
        <Stack
          gap={4}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Why it was quarantined"
        >
          {errors.map(([field, e]) => (
            <Group key={field} gap="xs" wrap="nowrap" align="flex-start" component="li">
              <Badge
                size="sm"
                variant="light"
                color={TYPE_COLORS[e.error_type] ?? 'gray'}
                style={{ flexShrink: 0 }}
              >
                {e.error_type}
              </Badge>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {e.error_message}
              </Text>
            </Group>
          ))}
        </Stack>
        {editable && errors.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {errors.map(([field]) => (
              <FixCell
                key={`${m.index}-${field}-${JSON.stringify(m.mapped_record)}`}
                resultId={resultId}
                index={m.index}
                field={field}
                mapped={m.mapped_record}
                schema={schema}
              />
            ))}
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <JsonBlock label="Source record" index={m.index} value={m.source_record} />
          <JsonBlock label="Mapped record" index={m.index} value={m.mapped_record} />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/** Scrollable, so focusable (axe: scrollable-region-focusable) and named for the record it belongs to. */
function JsonBlock({ label, index, value }: { label: string; index: number; value: unknown }) {
  return (
    <Box>
      <Text size="xs" fw={600} c="dimmed" mb={4}>
        {label}
      </Text>
      <Code
        block
        tabIndex={0}
        role="region"
        aria-label={`${label} of record ${formatCount(index + 1)}`}
        style={{ maxHeight: 220, overflow: 'auto', fontSize: 12 }}
      >
        {JSON.stringify(value, null, 2) ?? 'nothing'}
      </Code>
    </Box>
  );
}
