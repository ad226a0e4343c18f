import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconPlus, IconRoute } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePipelineOptions } from '../../lib/pipeline-options.ts';
import { PageHeader } from './page-header.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from './query-state.tsx';

const optionLabel = (p: TPipeline) =>
  `${p.name} · ${p.deployed_mapper_version ? `mapper v${p.deployed_mapper_version}` : 'not deployed'}`;

/** A compact switch between pipelines, for the page header once one is open. */
export function PipelineSwitch({
  value,
  onChange,
  label = 'Pipeline',
}: {
  value: string;
  onChange: (id: string) => void;
  label?: string;
}) {
  const options = usePipelineOptions();
  const data = (options.data ?? []).map((p) => ({ value: p.id, label: optionLabel(p) }));
  if (!data.some((d) => d.value === value)) data.unshift({ value, label: 'This pipeline' });
  return (
    <Select
      aria-label={label}
      data={data}
      value={value}
      onChange={(v) => v && v !== value && onChange(v)}
      searchable
      allowDeselect={false}
      w={{ base: '100%', xs: 280 }}
      disabled={options.isPending}
      nothingFoundMessage="No pipeline matches"
    />
  );
}

/**
 * Before a pipeline is chosen: every pipeline with its deployed mapper version, the deployed
 * ones first; choosing one opens `to(id)`.
 */
export function PipelineChooser({ to, purpose }: { to: (id: string) => string; purpose: string }) {
  const options = usePipelineOptions();
  if (options.isPending) return <LoadingBlock label="Loading pipelines…" />;
  if (options.error) return <ErrorBlock error={options.error} onRetry={() => void options.refetch()} />;
  const pipelines = options.data ?? [];
  if (pipelines.length === 0)
    return (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconRoute size={22} />} title="No pipelines yet">
          A pipeline maps your source data into a target schema. Create one, deploy its mapper, and {purpose}
          <Group justify="center" mt="sm">
            <Button component={Link} to="/pipeline" size="xs" leftSection={<IconPlus size={14} />}>
              Create a pipeline
            </Button>
          </Group>
        </EmptyBlock>
      </Paper>
    );
  const deployed = pipelines.filter((p) => p.deployed_mapper_version).length;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {deployed
            ? `Choose a pipeline: ${deployed.toLocaleString()} of ${pipelines.length.toLocaleString()} ${deployed === 1 ? 'has' : 'have'} a deployed mapper.`
            : 'None of your pipelines has a deployed mapper yet: open one, review its mappings in a workshop and deploy them.'}
        </Text>
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Pipelines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Pipeline</Table.Th>
                <Table.Th>Mapper</Table.Th>
                <Table.Th ta="right">Jobs</Table.Th>
                <Table.Th ta="right">Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pipelines.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Anchor component={Link} to={to(p.id)} fw={500} size="sm">
                      {p.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={p.deployed_mapper_version ? 'green' : 'gray'} tt="none">
                      {p.deployed_mapper_version ? `v${p.deployed_mapper_version} deployed` : 'not deployed'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{p.job_count.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" c="dimmed" component="span">
                      {new Date(p.updated_at).toLocaleDateString(undefined, { dateStyle: 'medium' })}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

/** A per-pipeline screen (lineage, code) opened on a pipeline that does not exist. */
export function PipelineNotFound({ title, to, icon }: { title: string; to: string; icon: ReactNode }) {
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: title, to },
        ]}
        title={title}
      />
      <Paper withBorder radius="md">
        <EmptyBlock icon={icon} title="Pipeline not found">
          It may have been deleted, or the link is wrong.{' '}
          <Anchor component={Link} to={to}>
            Choose another pipeline
          </Anchor>
        </EmptyBlock>
      </Paper>
    </Stack>
  );
}
