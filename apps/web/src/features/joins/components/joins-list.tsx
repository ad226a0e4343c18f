import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TJoinInput } from '@mapwright/contracts';
import { IconArrowMerge, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { formatCount, formatDateTime } from '../../../lib/format.ts';
import { useCreateJoin, useJoinInputs, useJoins } from '../api/joins.ts';
import { KIND_LABELS, RunStatusBadge } from './labels.tsx';

/** `/joined_data`: every join with its latest run and joined rows, and "New join". */
export function JoinsList() {
  const [page, setPage] = useState(1);
  const joins = useJoins(page);
  const [opened, modal] = useDisclosure(false);
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Combine' }]}
        title="Joined data"
        description="Join two datasets on exact or fuzzy keys (names, companies, addresses) and keep the result as a dataset."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={modal.open}>
            New join
          </Button>
        }
      />
      <Paper withBorder radius="md">
        {joins.isPending ? (
          <LoadingBlock label="Loading joins…" />
        ) : joins.isError ? (
          <ErrorBlock error={joins.error} onRetry={() => void joins.refetch()} />
        ) : joins.data.items.length === 0 ? (
          <EmptyBlock icon={<IconArrowMerge size={22} />} title="No joins yet">
            Pick two imports, let Mapwright suggest the columns they share, preview the matches and run the
            join.
            <Group justify="center" mt="sm">
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={modal.open}>
                New join
              </Button>
            </Group>
          </EmptyBlock>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Join</Table.Th>
                  <Table.Th>Left ⋈ right</Table.Th>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th w={150}>Last run</Table.Th>
                  <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                    Joined rows
                  </Table.Th>
                  <Table.Th>Updated</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {joins.data.items.map((j) => (
                  <Table.Tr key={j.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/data-join/${j.id}`} size="sm" fw={500}>
                        {j.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {j.left.name} ⋈ {j.right.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{KIND_LABELS[j.kind]?.split(':')[0]}</Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {j.last_run ? (
                        <Anchor component={Link} to={`/data-join-task/${j.last_run.id}`}>
                          <RunStatusBadge status={j.last_run.status} />
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not run yet
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {j.last_run?.status === 'succeeded' ? (
                        <Anchor component={Link} to={`/joined_data/${j.last_run.id}`} size="sm">
                          {formatCount(j.last_run.row_count)} rows
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          —
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {formatDateTime(j.updated_at)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      {joins.data && joins.data.pages > 1 && (
        <Pager total={joins.data.pages} value={page} onChange={setPage} />
      )}
      <NewJoinModal opened={opened} onClose={modal.close} />
    </Stack>
  );
}

/** What kind of dataset an input is, after its name (an import's name says enough). */
const KIND_SUFFIX: Record<TJoinInput['kind'], string> = {
  import: '',
  result: ' · job result',
  join_run: ' · joined data',
  resolution_golden: ' · entity resolution',
  resolution_clusters: ' · entity resolution',
};
const inputLabel = (i: TJoinInput) => `${i.name} · ${formatCount(i.row_count)} rows${KIND_SUFFIX[i.kind]}`;

function NewJoinModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const inputs = useJoinInputs();
  const create = useCreateJoin();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [left, setLeft] = useState<string | null>(null);
  const [right, setRight] = useState<string | null>(null);
  const data = (inputs.data ?? []).map((i) => ({ value: `${i.kind}:${i.id}`, label: inputLabel(i) }));
  const source = (v: string) => {
    const [kind, id] = v.split(':');
    return { kind: kind as TJoinInput['kind'], id: id! };
  };
  const submit = () => {
    if (!left || !right) return;
    const leftName = inputs.data?.find((i) => `${i.kind}:${i.id}` === left)?.name ?? 'left';
    const rightName = inputs.data?.find((i) => `${i.kind}:${i.id}` === right)?.name ?? 'right';
    create.mutate(
      { name: name.trim() || `${leftName} ⋈ ${rightName}`, left: source(left), right: source(right) },
      { onSuccess: (j) => navigate(`/data-join/${j.id}`) },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New join" size="lg">
      <Stack>
        {inputs.isError && <ErrorBlock error={inputs.error} />}
        {inputs.data && inputs.data.length === 0 && (
          <Alert color="blue" title="Nothing to join yet">
            Import two files first (Data → Imports); finished imports, job results, joined data and entity
            resolutions appear here.
          </Alert>
        )}
        <TextInput
          label="Name"
          placeholder="Customers ⋈ suppliers"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Select
          label="Left dataset"
          description="Every row of a left join comes from here"
          placeholder={inputs.isPending ? 'Loading datasets…' : 'Pick a dataset'}
          data={data}
          value={left}
          onChange={setLeft}
          searchable
        />
        <Select
          label="Right dataset"
          description="Its rows are matched to the left rows"
          placeholder={inputs.isPending ? 'Loading datasets…' : 'Pick a dataset'}
          data={data}
          value={right}
          onChange={setRight}
          searchable
        />
        {create.isError && (
          <Alert color="red" title="Could not create the join">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!left || !right} loading={create.isPending}>
            Create and choose keys
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
