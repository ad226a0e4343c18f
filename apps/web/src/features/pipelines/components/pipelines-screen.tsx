import { Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFilterOff, IconPlus, IconSearch, IconTimeline } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { usePipelinesList } from '../hooks/use-pipelines-list.ts';
import { plural } from '../lib/format.ts';
import { clearPipelineFilters, setPipelinesPage } from '../stores/pipelines-list-store.ts';
import { BulkDownloadModal } from './bulk-download-modal.tsx';
import { GenerateConfidenceButton } from './generate-confidence-button.tsx';
import { PageHeader } from './page-header.tsx';
import { PipelineCard } from './pipeline-card.tsx';
import { PipelineFilters } from './pipeline-filters.tsx';
import { PipelinesTable } from './pipelines-table.tsx';

/** Cards fill rows of 1–4; the compact table shows more rows a page. */
const PAGE_SIZE = { cards: 12, compact: 25 } as const;
export type TPipelinesView = keyof typeof PAGE_SIZE;

/** `/pipelines` (cards) and `/pipelines/old` (the compact table) over the same slice and filters. */
export function PipelinesScreen({ view }: { view: TPipelinesView }) {
  const list = usePipelinesList(PAGE_SIZE[view]);
  const { state, query, pages } = list;
  const [bulkOpen, bulkModal] = useDisclosure(false);
  const navigate = useNavigate();

  const newButton = (
    <Button component={Link} to="/pipeline" leftSection={<IconPlus size={16} />}>
      New pipeline
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Pipelines' }]}
        title={view === 'compact' ? 'Pipelines (compact)' : 'Pipelines'}
        description="Each pipeline maps source records onto a target schema with a versioned mapper, and runs jobs with it."
        actions={
          <>
            <GenerateConfidenceButton results={state.results} />
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={bulkModal.open}>
              Bulk download
            </Button>
            {newButton}
          </>
        }
      />
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
        <PipelineFilters />
        <SegmentedControl
          aria-label="View"
          value={view}
          onChange={(v) => navigate(v === 'compact' ? '/pipelines/old' : '/pipelines')}
          data={[
            { value: 'cards', label: 'Cards' },
            { value: 'compact', label: 'Compact table' },
          ]}
        />
      </Group>
      {query.isPending ? (
        <Paper withBorder radius="md">
          <LoadingBlock label="Loading pipelines…" />
        </Paper>
      ) : !state.isDataLoaded && query.isError ? (
        <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />
      ) : state.pipelines.length === 0 ? (
        <Paper withBorder radius="md">
          {list.filtered ? (
            <EmptyBlock icon={<IconSearch size={22} />} title="No pipeline matches">
              Nothing matches these filters.
              <Group justify="center" mt="sm">
                <Button
                  variant="light"
                  leftSection={<IconFilterOff size={16} />}
                  onClick={clearPipelineFilters}
                >
                  Clear filters
                </Button>
              </Group>
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconTimeline size={22} />} title="No pipelines yet">
              A pipeline takes source records (pasted JSON, an uploaded file or a project's dataset), proposes
              a mapping onto a target schema and runs it as jobs.
              <Group justify="center" mt="sm">
                {newButton}
              </Group>
            </EmptyBlock>
          )}
        </Paper>
      ) : view === 'cards' ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md" aria-label="Pipelines">
          {state.pipelines.map((p) => {
            const latest = list.latestOf(p.id);
            return (
              <PipelineCard
                key={p.id}
                pipeline={p}
                result={latest?.data}
                resultLoading={!!latest?.isPending}
              />
            );
          })}
        </SimpleGrid>
      ) : (
        <Paper withBorder radius="md">
          <PipelinesTable pipelines={state.pipelines} latestOf={list.latestOf} />
        </Paper>
      )}
      {state.isDataLoaded && query.isError && (
        <Text size="sm" c="red.8" role="alert">
          Could not refresh the list: {state.errorMessage}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {state.isDataLoaded
            ? `${plural(state.pipelineCount, 'pipeline')}${list.filtered ? ' match' : ''}${
                pages > 1 ? ` · page ${state.page.toLocaleString()} of ${pages.toLocaleString()}` : ''
              }`
            : ''}
        </Text>
        {pages > 1 && (
          <Pager total={pages} value={state.page} onChange={setPipelinesPage} aria-label="Pipeline pages" />
        )}
      </Group>
      <BulkDownloadModal opened={bulkOpen} onClose={bulkModal.close} />
    </Stack>
  );
}
