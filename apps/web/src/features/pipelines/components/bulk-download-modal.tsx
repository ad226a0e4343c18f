import { Anchor, Button, Checkbox, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconSearch, IconTimeline } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { bulkDownload } from '../api/bulk-download.ts';
import { getAllPipelines, usePipelines } from '../api/pipelines.ts';
import { saveBlob } from '../lib/download.ts';
import { formatCount, plural } from '../lib/format.ts';
import {
  bulk,
  bulkDownloadStore,
  MAX_BULK_PIPELINES,
  resetBulkDownload,
  type TBulkDownloadState,
  useBulkDownloadInputs,
} from '../stores/bulk-download-store.ts';
import { PipelineStatusBadge } from './badges.tsx';
import { BulkOutcome, OutcomeCell } from './bulk-outcome.tsx';
import { notify } from './notify.ts';

const BULK_PAGE_SIZE = 10;

/** Pick pipelines across pages, download them as one zip, and see which made it in and why not. */
export function BulkDownloadModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const close = () => {
    onClose();
    if (!bulkDownloadStore.get().isDownloading) resetBulkDownload();
  };
  return (
    <Modal opened={opened} onClose={close} title="Bulk download" size="xl">
      {opened && <BulkDownloadBody onClose={close} />}
    </Modal>
  );
}

function BulkDownloadBody({ onClose }: { onClose: () => void }) {
  const inputs = useBulkDownloadInputs();
  const [name] = useDebouncedValue(inputs.nameFilter, 250);
  const list = usePipelines({ page: inputs.page, size: BULK_PAGE_SIZE, name }, 'bulk-download-list');
  const state: TBulkDownloadState = {
    ...inputs,
    allPipelines: list.data?.items ?? [],
    totalPipelineCount: list.data?.total ?? 0,
  };
  const [selectingAll, setSelectingAll] = useState(false);
  const selected = new Set(state.selectedPipelineIds);
  const onPage = state.allPipelines;
  const pageSelected = onPage.filter((p) => selected.has(p.id)).length;
  const hasOutcome = state.successPipelineIds.length + state.errorPipelineIds.length > 0;

  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const all = await getAllPipelines(name, MAX_BULK_PIPELINES);
      bulk.select(all);
      if (state.totalPipelineCount > MAX_BULK_PIPELINES)
        notify({
          color: 'yellow',
          title: 'Selection capped',
          message: `One zip holds at most ${formatCount(MAX_BULK_PIPELINES)} pipelines; the first ${formatCount(MAX_BULK_PIPELINES)} are selected.`,
        });
    } catch (err) {
      notify({ color: 'red', title: 'Could not select every pipeline', message: (err as Error).message });
    } finally {
      setSelectingAll(false);
    }
  };

  const download = async () => {
    const ids = bulkDownloadStore.get().selectedPipelineIds;
    if (ids.length === 0) return;
    bulk.started();
    try {
      const { blob, filename, report } = await bulkDownload(ids);
      bulk.reported(report);
      if (report.succeeded.length > 0) {
        saveBlob(blob, filename);
        notify({
          color: report.failed.length ? 'orange' : 'green',
          title: 'Download ready',
          message: `${plural(report.succeeded.length, 'pipeline')} in ${filename}${
            report.failed.length ? `; ${formatCount(report.failed.length)} could not be exported` : ''
          }.`,
        });
      } else
        notify({
          color: 'red',
          title: 'Nothing to download',
          message: 'None of the selected pipelines could be exported; see why below.',
        });
    } catch (err) {
      bulk.failed((err as Error).message);
      notify({ color: 'red', title: 'Bulk download failed', message: (err as Error).message });
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Each pipeline's definition (target schema and deployed mapper) and the records of its latest finished
        run, one folder per pipeline in a zip. Pipelines that never finished a run are listed as not exported.
      </Text>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <TextInput
          label="Name"
          placeholder="Filter by name"
          leftSection={<IconSearch size={16} />}
          value={inputs.nameFilter}
          onChange={(e) => bulk.setNameFilter(e.currentTarget.value)}
          w={{ base: '100%', xs: 260 }}
          data-autofocus
        />
        <Group gap="xs">
          <Text size="sm" fw={500} aria-live="polite">
            {formatCount(state.selectedPipelineIds.length)} selected
          </Text>
          <Button
            variant="light"
            size="xs"
            onClick={() => void selectAllMatching()}
            loading={selectingAll}
            disabled={state.totalPipelineCount === 0}
          >
            Select all {formatCount(state.totalPipelineCount)} matching
          </Button>
          <Button
            variant="subtle"
            size="xs"
            color="gray"
            onClick={bulk.clear}
            disabled={state.selectedPipelineIds.length === 0}
          >
            Clear selection
          </Button>
        </Group>
      </Group>
      <Paper withBorder radius="md">
        {list.isPending ? (
          <LoadingBlock label="Loading pipelines…" />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : onPage.length === 0 ? (
          <EmptyBlock
            icon={<IconTimeline size={22} />}
            title={name ? 'No pipeline matches' : 'No pipelines yet'}
          >
            {name
              ? 'Try another name.'
              : 'Create a pipeline first; its runs are what a bulk download exports.'}
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" aria-label="Pipelines to download">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Select every pipeline on this page"
                      checked={pageSelected === onPage.length}
                      indeterminate={pageSelected > 0 && pageSelected < onPage.length}
                      onChange={(e) =>
                        e.currentTarget.checked ? bulk.select(onPage) : bulk.deselect(onPage.map((p) => p.id))
                      }
                    />
                  </Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Jobs</Table.Th>
                  {hasOutcome && <Table.Th>Outcome</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {onPage.map((p) => (
                  <Table.Tr key={p.id} bg={selected.has(p.id) ? 'var(--mantine-color-purple-0)' : undefined}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${p.name}`}
                        checked={selected.has(p.id)}
                        onChange={() => bulk.toggle(p)}
                      />
                    </Table.Td>
                    <Table.Td maw={280}>
                      <Anchor
                        component={Link}
                        to={`/pipelines/${p.id}`}
                        size="sm"
                        truncate="end"
                        title={p.name}
                      >
                        {p.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <PipelineStatusBadge pipeline={p} size="sm" />
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(p.job_count)}</Table.Td>
                    {hasOutcome && (
                      <Table.Td>
                        <OutcomeCell id={p.id} state={state} />
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {(list.data?.pages ?? 0) > 1 && (
        <Pager
          total={list.data?.pages ?? 0}
          value={state.page}
          onChange={bulk.setPage}
          size="sm"
          aria-label="Bulk download pages"
        />
      )}
      {hasOutcome && <BulkOutcome state={state} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={state.isDownloading}
          disabled={state.selectedPipelineIds.length === 0}
        >
          {state.selectedPipelineIds.length
            ? `Download ${plural(state.selectedPipelineIds.length, 'pipeline')}`
            : 'Download'}
        </Button>
      </Group>
    </Stack>
  );
}
