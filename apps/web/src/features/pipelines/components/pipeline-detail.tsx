import { Anchor, Group, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFlask, IconGitCompare, IconListCheck, IconMap2 } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { usePipeline } from '../api/pipeline.ts';
import { formatCount, formatDate } from '../lib/format.ts';
import { PipelineStatusBadge } from './badges.tsx';
import { DryRunTab } from './dry-run-tab.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { MapperTab } from './mapper-tab.tsx';
import { PageHeader } from './page-header.tsx';
import { PipelineActions } from './pipeline-actions.tsx';
import { ValueMapperTab } from './value-mapper-tab.tsx';
import { VersionsTab } from './versions-tab.tsx';

// `values`: the Excel value-mapper, shown when the avionteExcel demo flag is on (spec §3)
const TABS = ['jobs', 'versions', 'dry-run', 'mapper', 'values'] as const;
type TTab = (typeof TABS)[number];

/** `/pipelines/{id}`: what it is, then its jobs, mapper versions, a dry run and the deployed mapper. */
export function PipelineDetail({ id }: { id: string }) {
  const pipeline = usePipeline(id);
  const [params, setParams] = useSearchParams();
  const valuesOn = storage.getDemos().avionteExcel;
  const asked = params.get('tab') as TTab;
  const tab: TTab = TABS.includes(asked) && (asked !== 'values' || valuesOn) ? asked : 'jobs';
  const crumbs = [
    { label: 'Home', to: '/dashboard' },
    { label: 'Pipelines', to: '/pipelines' },
  ];

  if (pipeline.isPending) return <LoadingBlock label="Loading the pipeline…" />;
  if (pipeline.isError)
    return (
      <Stack gap="lg">
        <PageHeader crumbs={crumbs} title={notFound(pipeline.error) ? 'Pipeline not found' : 'Pipeline'} />
        {notFound(pipeline.error) ? (
          <Text c="dimmed">
            It may have been deleted, or it belongs to another organization.{' '}
            <Anchor component={Link} to="/pipelines">
              Back to pipelines
            </Anchor>
          </Text>
        ) : (
          <ErrorBlock error={pipeline.error} onRetry={() => void pipeline.refetch()} />
        )}
      </Stack>
    );
  const p = pipeline.data;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[...crumbs, { label: p.name }]}
        title={p.name}
        badge={<PipelineStatusBadge pipeline={p} />}
        description={p.description || undefined}
        actions={<PipelineActions pipeline={p} />}
      />
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact label="Deployed mapper">
            {p.deployed_mapper_version ? `Version ${formatCount(p.deployed_mapper_version)}` : 'None yet'}
          </Fact>
          <Fact label="Jobs">{formatCount(p.job_count)}</Fact>
          <Fact label="Target schema">
            <Anchor component={Link} to={`/schemas/${p.target_schema_id}`} size="sm">
              Open schema
            </Anchor>
          </Fact>
          <Fact label="Created">
            <Text size="sm" span>
              {formatDate(p.created_at)}
            </Text>
          </Fact>
        </SimpleGrid>
        <Group gap={6} mt="sm">
          <Text size="xs" c="dimmed">
            ID {p.id}
          </Text>
          {p.source_schema && (
            <Text size="xs" c="dimmed">
              · {formatCount(p.source_schema.length)} source fields
            </Text>
          )}
          <Text size="xs" c="dimmed">
            · updated {formatDate(p.updated_at)}
          </Text>
        </Group>
      </Paper>
      <Tabs
        value={tab}
        onChange={(v) => setParams(v && v !== 'jobs' ? { tab: v } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="jobs" leftSection={<IconListCheck size={16} />}>
            Jobs
          </Tabs.Tab>
          <Tabs.Tab value="versions" leftSection={<IconGitCompare size={16} />}>
            Versions
          </Tabs.Tab>
          <Tabs.Tab value="dry-run" leftSection={<IconFlask size={16} />}>
            Dry run
          </Tabs.Tab>
          <Tabs.Tab value="mapper" leftSection={<IconMap2 size={16} />}>
            Mapper
          </Tabs.Tab>
          {valuesOn && (
            <Tabs.Tab value="values" leftSection={<IconFileSpreadsheet size={16} />}>
              Value mapper
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="jobs" pt="md">
          <JobsTab pipeline={p} />
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="md">
          <VersionsTab pipeline={p} />
        </Tabs.Panel>
        <Tabs.Panel value="dry-run" pt="md">
          <DryRunTab pipeline={p} />
        </Tabs.Panel>
        <Tabs.Panel value="mapper" pt="md">
          <MapperTab pipeline={p} />
        </Tabs.Panel>
        {valuesOn && (
          <Tabs.Panel value="values" pt="md">
            <ValueMapperTab pipeline={p} />
          </Tabs.Panel>
        )}
      </Tabs>
    </Stack>
  );
}

const notFound = (err: Error) => err instanceof ApiError && err.status === 404;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Stack>
  );
}
