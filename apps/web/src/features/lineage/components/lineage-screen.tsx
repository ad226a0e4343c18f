import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconCode, IconExternalLink, IconRoute, IconRouteOff } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import {
  PipelineChooser,
  PipelineNotFound,
  PipelineSwitch,
} from '../../../components/ui/pipeline-chooser.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useDeployedMapper } from '../api/deployed-mapper.ts';
import { usePipeline } from '../api/pipeline.ts';
import { usePipelineTargetSchema } from '../api/target-schema.ts';
import { LineageView } from './lineage-view.tsx';

const DESCRIPTION = 'Every target field traced back to the source fields and transforms that produce it.';
const lineageOf = (id: string) => `/lineage?pipeline=${encodeURIComponent(id)}`;

/** `/lineage?pipeline=<id>`: the deployed mapper of a pipeline as a graph; a chooser without one. */
export function LineageScreen() {
  const [params] = useSearchParams();
  const id = params.get('pipeline');
  if (!id)
    return (
      <Stack gap="lg">
        <PageHeader
          crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Lineage' }]}
          title="Lineage"
          description={DESCRIPTION}
        />
        <PipelineChooser to={lineageOf} purpose="its lineage shows here." />
      </Stack>
    );
  return <PipelineLineage key={id} id={id} />;
}

function PipelineLineage({ id }: { id: string }) {
  const navigate = useNavigate();
  const pipeline = usePipeline(id);
  const version = pipeline.data?.deployed_mapper_version ?? null;
  const mapper = useDeployedMapper(id, version, Boolean(version));
  const schema = usePipelineTargetSchema(id, Boolean(version));

  if (pipeline.isPending) return <LoadingBlock label="Loading the pipeline…" />;
  if (pipeline.error) {
    if (pipeline.error instanceof ApiError && [404, 422].includes(pipeline.error.status))
      return <PipelineNotFound title="Lineage" to="/lineage" icon={<IconRouteOff size={22} />} />;
    return <ErrorBlock error={pipeline.error} onRetry={() => void pipeline.refetch()} />;
  }
  const p = pipeline.data as TPipeline;
  const header = (
    <PageHeader
      crumbs={[
        { label: 'Home', to: '/dashboard' },
        { label: 'Pipelines', to: '/pipelines' },
        { label: p.name, to: `/pipelines/${p.id}` },
        { label: 'Lineage' },
      ]}
      title={`Lineage: ${p.name}`}
      badge={
        version ? (
          <Badge variant="light" color="green" tt="none">
            mapper v{version}
          </Badge>
        ) : undefined
      }
      description={DESCRIPTION}
      actions={
        <Group gap="sm" wrap="wrap">
          <PipelineSwitch value={p.id} onChange={(next) => navigate(lineageOf(next))} />
          <Button
            component={Link}
            to={`/code?pipeline=${encodeURIComponent(p.id)}`}
            variant="default"
            leftSection={<IconCode size={16} />}
          >
            View code
          </Button>
          <Button
            component={Link}
            to={`/pipelines/${p.id}`}
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            Open pipeline
          </Button>
        </Group>
      }
    />
  );

  if (!version)
    return (
      <Stack gap="lg">
        {header}
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconRoute size={22} />} title="Nothing is deployed yet">
            Lineage traces the deployed mapper. Open a workshop on this pipeline, review the proposed mappings
            and deploy them; the graph then shows here.
            <Group justify="center" mt="sm">
              <Button component={Link} to={`/pipelines/${p.id}`} size="xs" variant="light">
                Open the pipeline
              </Button>
            </Group>
          </EmptyBlock>
        </Paper>
      </Stack>
    );
  return (
    <Stack gap="lg">
      {header}
      {mapper.isPending ? (
        <LoadingBlock label="Loading the deployed mapper…" />
      ) : mapper.error ? (
        <ErrorBlock error={mapper.error} onRetry={() => void mapper.refetch()} />
      ) : !mapper.data ? (
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconRoute size={22} />} title="Nothing is deployed yet">
            The mapper was rolled back or removed. Deploy one from a workshop to see its lineage.
          </EmptyBlock>
        </Paper>
      ) : (
        <LineageView
          spec={mapper.data.spec}
          schema={schema.data?.schema}
          profile={p.source_schema ?? []}
          schemaPending={schema.isPending}
        />
      )}
    </Stack>
  );
}
