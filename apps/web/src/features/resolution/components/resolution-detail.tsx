import { Alert, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useResolution } from '../api.ts';
import { AddRecords } from './add-records.tsx';
import { ClustersTab } from './clusters-tab.tsx';
import { GoldenTab } from './golden-tab.tsx';
import { ReviewTab } from './review-tab.tsx';
import { StatusBadge } from './status-badge.tsx';
import { ThresholdTab } from './threshold-tab.tsx';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

export function ResolutionDetail({ id }: { id: string }) {
  const q = useResolution(id);
  if (q.isPending) return <LoadingBlock label="Loading the resolution…" />;
  if (q.isError) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  const r = q.data;
  const s = r.summary;
  const busy = r.status === 'queued' || r.status === 'running';
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Entity resolution', to: '/entity_resolution' },
        ]}
        title={r.name}
        badge={<StatusBadge status={r.status} />}
        description={
          r.kind === 'link'
            ? 'Links the records of two datasets, one to one.'
            : 'Finds the duplicates within one dataset.'
        }
      />
      {r.status === 'failed' && (
        <Alert color="red" title="The run failed">
          {r.error}
        </Alert>
      )}
      {busy && <LoadingBlock label="Comparing records… this page updates when the run is done." />}
      {s && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="Records" value={s.records.toLocaleString('en')} />
          <Stat label="Pairs compared" value={s.candidates.toLocaleString('en')} />
          <Stat label="Matched pairs" value={s.matches.toLocaleString('en')} />
          <Stat label="Entities" value={s.clusters.toLocaleString('en')} />
        </SimpleGrid>
      )}
      {s && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {s.decisions && s.decisions.yes + s.decisions.no > 0
              ? `The model learned from ${s.decisions.yes} "same" and ${s.decisions.no} "not the same" decisions. `
              : ''}
            {s.last_added
              ? `Last added: ${s.last_added.records} records, ${s.last_added.attached} of them joined an existing entity.`
              : ''}
          </Text>
          {r.kind === 'dedupe' && r.status === 'succeeded' && <AddRecords resolution={r} />}
        </Group>
      )}
      {s && !busy && (
        <Tabs defaultValue="threshold" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="threshold">Threshold</Tabs.Tab>
            <Tabs.Tab value="review">Review</Tabs.Tab>
            <Tabs.Tab value="clusters">Clusters</Tabs.Tab>
            <Tabs.Tab value="golden">Golden records</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="threshold" pt="md">
            <ThresholdTab resolution={r} />
          </Tabs.Panel>
          <Tabs.Panel value="review" pt="md">
            <ReviewTab resolution={r} />
          </Tabs.Panel>
          <Tabs.Panel value="clusters" pt="md">
            <ClustersTab resolution={r} />
          </Tabs.Panel>
          <Tabs.Panel value="golden" pt="md">
            <GoldenTab resolution={r} />
          </Tabs.Panel>
        </Tabs>
      )}
      {s && s.warnings.length > 0 && (
        <Group>
          {s.warnings.map((w) => (
            <Alert key={w} color="yellow" variant="light">
              {w}
            </Alert>
          ))}
        </Group>
      )}
    </Stack>
  );
}
