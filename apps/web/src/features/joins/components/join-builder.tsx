import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Slider,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TJoin, TJoinCondition } from '@mapwright/contracts';
import { IconBulb, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import {
  useJoin,
  useJoinNode,
  usePreview,
  useStartRun,
  useSuggestions,
  useUpdateJoin,
} from '../api/joins.ts';
import { JoinPreviewPanel } from './join-preview.tsx';
import { KIND_LABELS, METHOD_LABELS, percent } from './labels.tsx';
import './styles.ts';

/** `/data-join/{id}`: datasets, suggested keys, conditions, threshold, preview, run. */
export function JoinBuilder({ id }: { id: string }) {
  const join = useJoin(id);
  if (join.isPending) return <LoadingBlock label="Loading the join…" />;
  if (join.isError) return <ErrorBlock error={join.error} onRetry={() => void join.refetch()} />;
  return <Builder join={join.data} />;
}

function Builder({ join }: { join: TJoin }) {
  const [conditions, setConditions] = useState<TJoinCondition[]>(join.conditions);
  const [kind, setKind] = useState(join.kind);
  const [matches, setMatches] = useState(join.matches);
  const [threshold, setThreshold] = useState(join.threshold);
  const left = useJoinNode(join.id, 'left');
  const right = useJoinNode(join.id, 'right');
  const suggestions = useSuggestions(join.id);
  const update = useUpdateJoin(join.id);
  const preview = usePreview(join.id);
  const run = useStartRun(join.id);
  const navigate = useNavigate();
  const dirty =
    JSON.stringify(conditions) !== JSON.stringify(join.conditions) ||
    kind !== join.kind ||
    matches !== join.matches ||
    threshold !== join.threshold;
  const hasFuzzy = conditions.some((c) => c.method !== 'exact');

  // a saved join with conditions shows its preview at once
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page opens
  useEffect(() => {
    if (join.conditions.length) preview.mutate(undefined);
  }, []);

  const save = (then?: () => void) =>
    update.mutate({ conditions, kind, matches, threshold }, { onSuccess: () => then?.() });
  const saveAndPreview = () => save(() => preview.mutate(undefined));
  const setCondition = (i: number, patch: Partial<TJoinCondition>) =>
    setConditions((cs) => cs.map((c, n) => (n === i ? { ...c, ...patch } : c)));
  const columns = (side: 'left' | 'right') =>
    ((side === 'left' ? left : right).data?.columns ?? []).map((c) => c.name);

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Joined data', to: '/joined_data' },
          { label: join.name },
        ]}
        title={join.name}
        description="Choose the columns the two datasets share, check the matches on a sample, then run the join over all rows."
        actions={
          <>
            {join.last_run && (
              <Button component={Link} to={`/data-join-task/${join.last_run.id}`} variant="default">
                Last run
              </Button>
            )}
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!conditions.length || dirty}
              title={dirty ? 'Save the changes first' : undefined}
              loading={run.isPending}
              onClick={() => run.mutate(undefined, { onSuccess: (r) => navigate(`/data-join-task/${r.id}`) })}
            >
              Run join
            </Button>
          </>
        }
      />
      {run.isError && (
        <Alert color="red" title="The join could not start">
          {run.error.message}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['left', 'right'] as const).map((side) => (
          <Card key={side} withBorder radius="md">
            <Text size="xs" tt="uppercase" c="dimmed" fw={700}>
              {side} dataset
            </Text>
            <Anchor component={Link} to={`/data-join-node/${join.id}?side=${side}`} fw={600}>
              {join[side].name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {(side === 'left' ? left : right).data
                ? `${(side === 'left' ? left : right).data!.row_count.toLocaleString()} rows · ${columns(side).length} columns`
                : 'Loading…'}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Group gap="xs" mb="xs">
          <IconBulb size={18} aria-hidden />
          <Title order={2} fz="lg">
            Suggested keys
          </Title>
        </Group>
        {suggestions.isPending ? (
          <LoadingBlock label="Comparing the columns…" />
        ) : suggestions.isError ? (
          <ErrorBlock error={suggestions.error} />
        ) : suggestions.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No column of the left dataset shares values with one of the right: add a condition by hand.
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Left column</Table.Th>
                <Table.Th>Right column</Table.Th>
                <Table.Th>Match</Table.Th>
                <Table.Th ta="right">Expected match rate</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {suggestions.data.map((s) => (
                <Table.Tr key={`${s.left}→${s.right}`}>
                  <Table.Td>{s.left}</Table.Td>
                  <Table.Td>{s.right}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={s.method === 'exact' ? 'gray' : 'grape'}>
                      {s.method === 'exact' ? 'Exact' : 'Fuzzy'}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{percent(s.expected_match_rate)}</Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      variant="light"
                      aria-label={`Use ${s.left} and ${s.right}`}
                      onClick={() => setConditions([{ left: s.left, right: s.right, method: s.method }])}
                    >
                      Use
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="sm">
          Conditions
        </Title>
        <Stack gap="sm">
          {conditions.length === 0 && (
            <Text size="sm" c="dimmed">
              No condition yet: use a suggestion above or add one.
            </Text>
          )}
          {conditions.map((c, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: positions are the identity here (rows of a fixed snapshot)
            <Group key={i} align="flex-end" wrap="wrap">
              <Select
                label={`Left column ${i + 1}`}
                data={columns('left')}
                value={c.left}
                onChange={(v) => v && setCondition(i, { left: v })}
                searchable
              />
              <Select
                label={`Right column ${i + 1}`}
                data={columns('right')}
                value={c.right}
                onChange={(v) => v && setCondition(i, { right: v })}
                searchable
              />
              <Select
                label="Compared"
                data={Object.entries(METHOD_LABELS).map(([value, label]) => ({ value, label }))}
                value={c.method}
                onChange={(v) => v && setCondition(i, { method: v as TJoinCondition['method'] })}
                allowDeselect={false}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => setConditions((cs) => cs.filter((_, n) => n !== i))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} />}
              disabled={!columns('left').length || !columns('right').length}
              onClick={() =>
                setConditions((cs) => [
                  ...cs,
                  { left: columns('left')[0]!, right: columns('right')[0]!, method: 'exact' },
                ])
              }
            >
              Add condition
            </Button>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
            <Select
              label="Join kind"
              data={Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }))}
              value={kind}
              onChange={(v) => v && setKind(v as TJoin['kind'])}
              allowDeselect={false}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="matches-label">
                Matches kept per left row
              </Text>
              <SegmentedControl
                aria-labelledby="matches-label"
                value={matches}
                onChange={(v) => setMatches(v as TJoin['matches'])}
                data={[
                  { value: 'best', label: 'Best one' },
                  { value: 'all', label: 'All above threshold' },
                ]}
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="threshold-label">
                Similarity threshold: {threshold.toFixed(2)}
              </Text>
              <Slider
                thumbLabel="Similarity threshold"
                min={0.5}
                max={1}
                step={0.01}
                value={threshold}
                onChange={setThreshold}
                onChangeEnd={(v) => hasFuzzy && preview.mutate(v)}
                disabled={!hasFuzzy}
                label={(v) => v.toFixed(2)}
              />
              <Text size="xs" c="dimmed">
                {hasFuzzy
                  ? 'Fuzzy pairs scoring below it do not match.'
                  : 'Only fuzzy conditions use a threshold.'}
              </Text>
            </Stack>
          </SimpleGrid>
          {update.isError && (
            <Alert color="red" title="Could not save">
              {update.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button onClick={saveAndPreview} loading={update.isPending} disabled={!conditions.length}>
              {dirty ? 'Save and preview' : 'Preview'}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <JoinPreviewPanel preview={preview} />
    </Stack>
  );
}
