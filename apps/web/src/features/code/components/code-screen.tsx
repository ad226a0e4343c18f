import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconCodeOff, IconExternalLink, IconGitBranch, IconRoute } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import {
  PipelineChooser,
  PipelineNotFound,
  PipelineSwitch,
} from '../../../components/ui/pipeline-chooser.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { CODE_FORMATS, type TCodeFormat } from '../api/mapper-code.ts';
import { useMapperVersions } from '../api/mapper-versions.ts';
import { usePipeline } from '../api/pipeline.ts';
import { CodePanel } from './code-panel.tsx';

const DESCRIPTION =
  'The deployed mapper as code with the same output: a standalone TypeScript function, or one JSONata expression.';
const codeOf = (id: string) => `/code?pipeline=${encodeURIComponent(id)}`;

/** `/code?pipeline=<id>[&format=jsonata][&version=N]`: a mapper version as code; a chooser without a pipeline. */
export function CodeScreen() {
  const [params] = useSearchParams();
  const id = params.get('pipeline');
  if (!id)
    return (
      <Stack gap="lg">
        <PageHeader
          crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Code' }]}
          title="Code"
          description={DESCRIPTION}
        />
        <PipelineChooser to={codeOf} purpose="its code shows here, ready to copy or download." />
      </Stack>
    );
  return <PipelineCode key={id} id={id} />;
}

function PipelineCode({ id }: { id: string }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const pipeline = usePipeline(id);
  const deployed = pipeline.data?.deployed_mapper_version ?? null;
  const versions = useMapperVersions(id, Boolean(pipeline.data));

  const format: TCodeFormat = (CODE_FORMATS as readonly string[]).includes(params.get('format') ?? '')
    ? (params.get('format') as TCodeFormat)
    : 'typescript';
  const asked = Number(params.get('version'));
  const set = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  if (pipeline.isPending) return <LoadingBlock label="Loading the pipeline…" />;
  if (pipeline.error) {
    if (pipeline.error instanceof ApiError && [404, 422].includes(pipeline.error.status))
      return <PipelineNotFound title="Code" to="/code" icon={<IconCodeOff size={22} />} />;
    return <ErrorBlock error={pipeline.error} onRetry={() => void pipeline.refetch()} />;
  }
  const p = pipeline.data as TPipeline;
  const list = versions.data ?? [];
  const version = list.some((v) => v.version === asked) ? asked : (deployed ?? list[0]?.version ?? null);

  const header = (
    <PageHeader
      crumbs={[
        { label: 'Home', to: '/dashboard' },
        { label: 'Pipelines', to: '/pipelines' },
        { label: p.name, to: `/pipelines/${p.id}` },
        { label: 'Code' },
      ]}
      title={`Code: ${p.name}`}
      badge={
        deployed ? (
          <Badge variant="light" color="green" tt="none">
            mapper v{deployed} deployed
          </Badge>
        ) : undefined
      }
      description={DESCRIPTION}
      actions={
        <Group gap="sm" wrap="wrap">
          <PipelineSwitch value={p.id} onChange={(next) => navigate(codeOf(next))} />
          <Button
            component={Link}
            to={`/lineage?pipeline=${encodeURIComponent(p.id)}`}
            variant="default"
            leftSection={<IconGitBranch size={16} />}
          >
            View lineage
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

  let body: React.ReactNode;
  if (versions.isPending) body = <LoadingBlock label="Loading mapper versions…" />;
  else if (versions.error)
    body = <ErrorBlock error={versions.error} onRetry={() => void versions.refetch()} />;
  else if (version === null)
    body = (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconRoute size={22} />} title="Nothing is deployed yet">
          The code is written from a deployed mapper. Open a workshop on this pipeline, review the proposed
          mappings and deploy them; the code then shows here.
          <Group justify="center" mt="sm">
            <Button component={Link} to={`/pipelines/${p.id}`} size="xs" variant="light">
              Open the pipeline
            </Button>
          </Group>
        </EmptyBlock>
      </Paper>
    );
  else
    body = (
      <CodePanel
        pipelineId={p.id}
        pipelineName={p.name}
        versions={list}
        deployed={deployed}
        version={version}
        onVersion={(v) => set('version', v === deployed ? null : String(v))}
        format={format}
        onFormat={(f) => set('format', f === 'typescript' ? null : f)}
      />
    );
  return (
    <Stack gap="lg">
      {header}
      {body}
    </Stack>
  );
}
