import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowsShuffle, IconSearch, IconTimeline } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock } from '../../../components/ui/query-state.tsx';
import { pipelineQueryOptions } from '../api/pipeline.ts';
import { usePipelines } from '../api/pipelines.ts';
import { useWorkshops } from '../api/workshops.ts';
import { formatCount, formatDateTime, plural } from '../lib/format.ts';

/** /workshop with nothing chosen: resume a recent session, or start one from a pipeline. */
export function WorkshopPicker({ canWrite }: { canWrite: boolean }) {
  return (
    <Stack gap="lg" maw={1080}>
      <div>
        <Breadcrumbs separator="/" mb={6} aria-label="Breadcrumb">
          <Anchor component={Link} to="/dashboard" size="sm">
            Home
          </Anchor>
          <Text size="sm" c="dimmed">
            Workshop
          </Text>
        </Breadcrumbs>
        <Title order={1} fz={26}>
          Workshop
        </Title>
        <Text c="dimmed" mt={4}>
          Review a pipeline’s mapping record by record, fix what is wrong, and deploy it.
        </Text>
      </div>
      <RecentWorkshops />
      <StartFromPipeline canWrite={canWrite} />
    </Stack>
  );
}

function RecentWorkshops() {
  const [page, setPage] = useState(1);
  const q = useWorkshops(page);
  const ids = [...new Set(q.data?.items.map((w) => w.pipeline_id) ?? [])];
  const names = useQueries({ queries: ids.map((id) => ({ ...pipelineQueryOptions(id), retry: false })) });
  const nameOf = (id: string) => names[ids.indexOf(id)]?.data?.name;
  if (q.isError) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  if (q.isPending)
    return (
      <Paper withBorder radius="md" p="md">
        <Skeleton height={18} width={180} mb="md" />
        <Skeleton height={36} mb={8} />
        <Skeleton height={36} />
      </Paper>
    );
  if (q.data.total === 0) return null;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} fz="md" mb="sm">
        Recent sessions
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Pipeline</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Undeployed edits</Table.Th>
              <Table.Th>Last change</Table.Th>
              <Table.Th>
                <span className="mantine-visually-hidden">Open</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {q.data.items.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/workshop?id=${w.id}`} fw={500}>
                    {nameOf(w.pipeline_id) ?? 'Pipeline'}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    tt="none"
                    color={w.status === 'deployed' ? 'purple' : w.status === 'failed' ? 'red' : 'gray'}
                  >
                    {w.status}
                  </Badge>
                </Table.Td>
                <Table.Td>{formatCount(w.undeployed_edits)}</Table.Td>
                <Table.Td>{formatDateTime(w.updated_at)}</Table.Td>
                <Table.Td ta="right">
                  <Button component={Link} to={`/workshop?id=${w.id}`} size="compact-sm" variant="light">
                    Resume
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {q.data.pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pager total={q.data.pages} value={page} onChange={setPage} size="sm" aria-label="Sessions pages" />
        </Group>
      )}
    </Paper>
  );
}

function StartFromPipeline({ canWrite }: { canWrite: boolean }) {
  const [page, setPage] = useState(1);
  const [name, setName] = useState('');
  const [debounced] = useDebouncedValue(name, 250);
  const q = usePipelines(page, debounced);
  const nothingAtAll = q.data?.total === 0 && !debounced;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} fz="md">
          Start from a pipeline
        </Title>
        {!nothingAtAll && (
          <TextInput
            size="sm"
            placeholder="Filter by name"
            aria-label="Filter pipelines by name"
            leftSection={<IconSearch size={14} />}
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setPage(1);
            }}
            w={240}
          />
        )}
      </Group>
      {q.isError ? (
        <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        <Stack gap={8}>
          <Skeleton height={36} />
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : nothingAtAll ? (
        <EmptyBlock icon={<IconArrowsShuffle size={22} />} title="No pipelines yet">
          <Stack gap="sm" align="center">
            <span>
              A workshop edits a pipeline’s mapping against sample records. Create a pipeline with a target
              schema and a job first.
            </span>
            <Button component={Link} to="/pipelines" leftSection={<IconTimeline size={16} />}>
              Go to pipelines
            </Button>
          </Stack>
        </EmptyBlock>
      ) : q.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No pipeline matches “{debounced}”.
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Pipeline</Table.Th>
                  <Table.Th>Jobs</Table.Th>
                  <Table.Th>Deployed</Table.Th>
                  <Table.Th>
                    <span className="mantine-visually-hidden">Open</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {p.name}
                      </Text>
                      {p.description && (
                        <Text size="xs" c="dimmed" lineClamp={1}>
                          {p.description}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{plural(p.job_count, 'job')}</Table.Td>
                    <Table.Td>
                      {p.deployed_mapper_version
                        ? `version ${formatCount(p.deployed_mapper_version)}`
                        : 'not yet'}
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        component={Link}
                        to={`/workshop?pipeline=${p.id}`}
                        size="compact-sm"
                        variant="light"
                        disabled={!canWrite || p.job_count === 0}
                        aria-label={`Open the workshop of ${p.name}`}
                      >
                        {p.job_count === 0 ? 'No records yet' : 'Open workshop'}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {q.data.pages > 1 && (
            <Group justify="flex-end" mt="sm">
              <Pager
                total={q.data.pages}
                value={page}
                onChange={setPage}
                size="sm"
                aria-label="Pipelines pages"
              />
            </Group>
          )}
        </>
      )}
    </Paper>
  );
}
