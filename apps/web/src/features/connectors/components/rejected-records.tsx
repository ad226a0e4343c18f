import { Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import type { TSyncRun } from '@mapwright/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { downloadRejected, useRejectedRecords } from '../api.ts';

const PAGE = 20;
const n = (v: number) => v.toLocaleString('en-US');
const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
/** A mapper error reads as its message (which names the field); anything else as its JSON. */
const reason = (e: unknown) =>
  e && typeof e === 'object' && typeof (e as { message?: unknown }).message === 'string'
    ? (e as { message: string }).message
    : text(e);

/**
 * The records a run's pipeline rejected, each with the mapper's reasons: every one, paged, and
 * downloadable, when the run kept them all; the sample of the first ones for an older run.
 */
export function RejectedRecords({ run }: { run: TSyncRun }) {
  const [open, setOpen] = useState(false);
  const full = Boolean(run.rejectedDatasetId);
  return (
    <details onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <Text span size="sm">
          {full
            ? `Rejected records: ${n(run.rowsRejected)}`
            : `Rejected records: the first ${n(run.rejectedSample.length)} of ${n(run.rowsRejected)}`}
        </Text>
      </summary>
      {open &&
        (full ? (
          <Quarantine run={run} />
        ) : (
          <RecordsTable items={run.rejectedSample as Array<{ record?: unknown; errors?: unknown[] }>} />
        ))}
    </details>
  );
}

function Quarantine({ run }: { run: TSyncRun }) {
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<Error | null>(null);
  const q = useRejectedRecords(run, page, PAGE, true);
  const download = async () => {
    setDownloading(true);
    setFailed(null);
    try {
      await downloadRejected(run);
    } catch (err) {
      setFailed(err instanceof Error ? err : new Error(String(err)));
    } finally {
      setDownloading(false);
    }
  };
  if (q.isPending) return <LoadingBlock label="Loading rejected records…" />;
  if (q.isError) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  // from the page shown (the previous one stays on screen while the next loads)
  const first = (q.data.page - 1) * q.data.size + 1;
  return (
    <Stack gap="xs" mt="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {q.data.total
            ? `Records ${n(first)}–${n(first + q.data.items.length - 1)} of ${n(q.data.total)}`
            : 'No record is kept yet.'}
        </Text>
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={downloading}
          disabled={!q.data.total}
          onClick={() => void download()}
        >
          Download all (JSON Lines)
        </Button>
      </Group>
      {failed && <ErrorBlock error={failed} onRetry={() => void download()} />}
      <RecordsTable items={q.data.items} />
      {q.data.pages > 1 && (
        <Pager total={q.data.pages} value={page} onChange={setPage} aria-label="Rejected records pages" />
      )}
    </Stack>
  );
}

function RecordsTable({ items }: { items: Array<{ record?: unknown; errors?: unknown[] }> }) {
  return (
    <Table withTableBorder mt="xs" aria-label="Rejected records">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Record</Table.Th>
          <Table.Th>Why</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rejected records have no identity
          <Table.Tr key={i}>
            <Table.Td>
              <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{text(r.record)}</Code>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{(r.errors ?? []).map(reason).join('; ')}</Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
