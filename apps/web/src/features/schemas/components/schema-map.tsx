import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TTargetSchema } from '@mapwright/contracts';
import {
  IconArrowRight,
  IconListTree,
  IconPencil,
  IconRoute,
  IconSchema,
  IconSearch,
} from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { type TFieldFeed, type TSchemaUsage, useSchemaUsage } from '../api/schema-usage.ts';
import { useTargetSchema } from '../api/target-schema.ts';
import {
  confidenceColor,
  confidencePercent,
  fieldsFedBy,
  filterRows,
  mapRows,
  summarizeRows,
  type TFeedFilter,
  type TMapRow,
  transformLabel,
} from '../lib/schema-map.ts';
import './styles.ts';
import { PageHeader } from '../../../components/ui/page-header.tsx';

/** `/schema-map/{id}`: for each of the schema's fields, the pipelines that feed it and how. */
export function SchemaMap({ id }: { id: string }) {
  const schema = useTargetSchema(id);
  const usage = useSchemaUsage(id, true);
  if (schema.isPending || usage.isPending) return <LoadingBlock label="Loading the schema map…" />;
  const error = schema.error ?? usage.error;
  if (error) {
    if (error instanceof ApiError && error.status === 404)
      return (
        <EmptyBlock icon={<IconSchema size={22} />} title="Schema not found">
          It may have been deleted, or the link is wrong.{' '}
          <Anchor component={Link} to="/schemas">
            Back to all schemas
          </Anchor>
        </EmptyBlock>
      );
    return (
      <ErrorBlock
        error={error}
        onRetry={() => {
          void schema.refetch();
          void usage.refetch();
        }}
      />
    );
  }
  if (!schema.data || !usage.data) return <LoadingBlock label="Loading the schema map…" />;
  return <SchemaMapView schema={schema.data} usage={usage.data} />;
}

function SchemaMapView({ schema, usage }: { schema: TTargetSchema; usage: TSchemaUsage }) {
  const rows = useMemo(() => mapRows(usage), [usage]);
  const summary = useMemo(() => summarizeRows(rows), [rows]);
  const fedBy = useMemo(() => fieldsFedBy(rows), [rows]);
  const [filter, setFilter] = useState<TFeedFilter>('all');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterRows(rows, filter, query), [rows, filter, query]);

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Schemas', to: '/schemas' },
          { label: schema.name, to: `/schemas/${schema.id}` },
        ]}
        title={`Schema map: ${schema.name}`}
        description="Which pipelines feed each field of this schema, from which source fields and how."
        actions={
          <Button
            component={Link}
            to={`/schemas/${schema.id}`}
            variant="default"
            leftSection={<IconPencil size={16} />}
          >
            Edit schema
          </Button>
        }
      />

      {rows.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconListTree size={22} />} title="This schema has no fields yet">
            Add fields in the schema editor; pipelines can then map data into them.
            <Group justify="center" mt="sm">
              <Button component={Link} to={`/schemas/${schema.id}`} variant="light" size="xs">
                Open the editor
              </Button>
            </Group>
          </EmptyBlock>
        </Paper>
      ) : usage.pipelines.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyBlock icon={<IconRoute size={22} />} title="No pipeline uses this schema yet">
            None of its {rows.length} {rows.length === 1 ? 'field is' : 'fields are'} fed. Create a pipeline
            that maps your source data into this schema, and its mappings show here field by field.
            <Group justify="center" mt="sm">
              <Button
                component={Link}
                to="/pipelines"
                variant="light"
                size="xs"
                rightSection={<IconArrowRight size={14} />}
              >
                Go to pipelines
              </Button>
            </Group>
          </EmptyBlock>
        </Paper>
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat label="Fields" value={summary.fields} />
            <Stat label="Fed" value={summary.fed} />
            <Stat label="Not fed" value={summary.unfed} />
            <Stat
              label="Required, not fed"
              value={summary.requiredUnfed}
              color={summary.requiredUnfed ? 'red.8' : undefined}
            />
          </SimpleGrid>

          <Paper withBorder radius="md" p="md">
            <Title order={2} fz="md" mb="xs">
              Pipelines using this schema ({usage.pipelines.length})
            </Title>
            <Group gap="xs" wrap="wrap">
              {usage.pipelines.map((p) => (
                <Paper key={p.id} withBorder radius="sm" px="sm" py={6}>
                  <Group gap={8} wrap="nowrap">
                    <Anchor component={Link} to={`/pipelines/${p.id}`} size="sm" fw={500}>
                      {p.name}
                    </Anchor>
                    <Badge
                      size="sm"
                      variant="dot"
                      color={p.deployed_mapper_version ? 'green' : 'gray'}
                      tt="none"
                    >
                      {p.deployed_mapper_version ? `mapper v${p.deployed_mapper_version}` : 'not deployed'}
                    </Badge>
                    <Text size="xs" c="dimmed">
                      feeds {fedBy.get(p.id) ?? 0} of {rows.length} fields
                    </Text>
                  </Group>
                </Paper>
              ))}
            </Group>
          </Paper>

          <Group justify="space-between" wrap="wrap" gap="sm">
            <SegmentedControl
              value={filter}
              onChange={(v) => setFilter(v as TFeedFilter)}
              aria-label="Show fields"
              data={[
                { value: 'all', label: `All (${summary.fields})` },
                { value: 'fed', label: `Fed (${summary.fed})` },
                { value: 'unfed', label: `Not fed (${summary.unfed})` },
              ]}
            />
            <TextInput
              aria-label="Search fields, pipelines and sources"
              placeholder="Search fields, pipelines, sources"
              leftSection={<IconSearch size={16} />}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
              w={300}
            />
          </Group>

          <Paper withBorder radius="md">
            {shown.length === 0 ? (
              <EmptyBlock icon={<IconSearch size={22} />} title="No field matches">
                Nothing matches this filter and search.
              </EmptyBlock>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table verticalSpacing="sm" aria-label="Fields and what feeds them">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w="34%">Target field</Table.Th>
                      <Table.Th w={32}>
                        <VisuallyHidden>fed from</VisuallyHidden>
                      </Table.Th>
                      <Table.Th>Fed by</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((r) => (
                      <MapRow key={r.path} row={r} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}

function MapRow({ row: r }: { row: TMapRow }) {
  const fed = r.feeds.length > 0;
  return (
    <Table.Tr data-fed={fed}>
      <Table.Td style={{ verticalAlign: 'top' }}>
        <Stack gap={4} pl={r.depth * 12}>
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {r.parent && <span style={{ color: 'var(--mantine-color-dimmed)' }}>{r.parent}</span>}
            <b>{r.name}</b>
          </Text>
          <Group gap={4}>
            {r.types.map((t) => (
              <Badge key={t} size="xs" variant="outline" color="gray" tt="none">
                {t}
              </Badge>
            ))}
            {r.required && (
              <Badge size="xs" variant="light" color="purple" tt="none">
                required
              </Badge>
            )}
          </Group>
        </Stack>
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }} c="dimmed" aria-hidden>
        {fed && <IconArrowRight size={16} style={{ marginTop: 2 }} />}
      </Table.Td>
      <Table.Td style={{ verticalAlign: 'top' }}>
        {fed ? (
          <Stack gap={6}>
            {r.feeds.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pipeline may feed one field twice
              <Feed key={`${f.pipeline_id}-${i}`} feed={f} />
            ))}
          </Stack>
        ) : (
          <Stack gap={4} align="flex-start">
            <Badge variant="light" color={r.required ? 'red' : 'gray'} tt="none">
              {r.required ? 'Not fed · required' : 'Not fed'}
            </Badge>
            {r.unmatched.length > 0 && (
              <Text size="xs" c="dimmed">
                No source fits it in {r.unmatched.join(', ')}
              </Text>
            )}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function Feed({ feed: f }: { feed: TFieldFeed }) {
  return (
    <Group gap={6} wrap="wrap">
      <Anchor component={Link} to={`/pipelines/${f.pipeline_id}`} size="sm" fw={500}>
        {f.pipeline_name}
      </Anchor>
      <Text size="sm" c="dimmed" aria-hidden>
        :
      </Text>
      {f.sources.length ? (
        f.sources.map((s) => <Code key={s}>{s}</Code>)
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          no source
        </Text>
      )}
      <Badge size="sm" variant="light" color="blue" tt="none">
        {transformLabel(f.transform)}
      </Badge>
      <Tooltip label="How sure the mapping is" withArrow>
        <Badge size="sm" variant="dot" color={confidenceColor(f.confidence)} tt="none">
          {confidencePercent(f.confidence)} confidence
        </Badge>
      </Tooltip>
    </Group>
  );
}

function Stat({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color}>
        {value.toLocaleString()}
      </Text>
    </Paper>
  );
}
