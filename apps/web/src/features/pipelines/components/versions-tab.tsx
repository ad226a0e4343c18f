import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TPipeline } from '@mapwright/contracts';
import { IconArrowBackUp, IconGitCompare, IconTools } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useMapperVersions } from '../api/mapper-versions.ts';
import { useRollback } from '../api/rollback.ts';
import { formatCount, formatDate } from '../lib/format.ts';
import { MapperDiffView } from './mapper-diff-view.tsx';
import { notify } from './notify.ts';

/** Notes name workshops by id; the first eight characters are enough to tell them apart. */
const shortenIds = (s: string) =>
  s.replace(/\b([0-9a-f]{8})-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '$1');

/** Immutable mapper versions: compare any two field by field, deploy an earlier one again. */
export function VersionsTab({ pipeline }: { pipeline: TPipeline }) {
  const versions = useMapperVersions(pipeline.id);
  const [picked, setPicked] = useState<number[]>([]);
  const rollback = useRollback();
  const deployed = pipeline.deployed_mapper_version;

  // two at most: ticking a third drops the earliest ticked
  const toggle = (v: number) =>
    setPicked((cur) => (cur.includes(v) ? cur.filter((x) => x !== v) : [...cur, v].slice(-2)));
  const pair = picked.length === 2 ? { from: Math.min(...picked), to: Math.max(...picked) } : null;

  const confirmRollback = (v: number) =>
    modals.openConfirmModal({
      title: `Roll back to version ${v}?`,
      children: (
        <Text size="sm">
          Jobs run from now on use version {v}’s mapper. Version {deployed} stays in the list and can be
          deployed again at any time.
        </Text>
      ),
      labels: { confirm: `Roll back to v${v}`, cancel: 'Cancel' },
      onConfirm: () =>
        rollback.mutate(
          { id: pipeline.id, version: v },
          {
            onSuccess: () =>
              notify({ color: 'green', title: 'Rolled back', message: `Version ${v} is deployed again.` }),
            onError: (err) => notify({ color: 'red', title: 'Could not roll back', message: err.message }),
          },
        ),
    });

  if (versions.isPending) return <LoadingBlock label="Loading versions…" />;
  if (versions.isError) return <ErrorBlock error={versions.error} onRetry={() => void versions.refetch()} />;
  if (versions.data.length === 0)
    return (
      <Paper withBorder radius="md">
        <EmptyBlock icon={<IconGitCompare size={22} />} title="No versions yet">
          Each deploy from the workshop makes a new, numbered mapper version. Review the proposed mapping
          there and deploy it.
          <Group justify="center" mt="sm">
            <Button
              component={Link}
              to={`/workshop?pipeline=${pipeline.id}`}
              variant="light"
              leftSection={<IconTools size={16} />}
            >
              Open workshop
            </Button>
          </Group>
        </EmptyBlock>
      </Paper>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {versions.data.length > 1
          ? 'Tick two versions to compare them field by field.'
          : 'One version so far; the next deploy from the workshop adds another to compare with.'}
      </Text>
      <Paper withBorder radius="md">
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" aria-label="Mapper versions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>Compare</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Note</Table.Th>
                <Table.Th ta="right">Fields</Table.Th>
                <Table.Th>Deployed at</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((v) => (
                <Table.Tr key={v.version}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Compare version ${v.version}`}
                      checked={picked.includes(v.version)}
                      onChange={() => toggle(v.version)}
                      disabled={versions.data.length < 2}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fw={600} size="sm">
                        v{v.version}
                      </Text>
                      {v.version === deployed && (
                        <Badge
                          color="green"
                          variant="light"
                          size="sm"
                          style={{ flexShrink: 0, minWidth: 'max-content' }}
                        >
                          Deployed
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c={v.note ? undefined : 'dimmed'} lineClamp={2}>
                      {v.note ? shortenIds(v.note) : 'No note'}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(v.field_count)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(v.created_at)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {v.version !== deployed && (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconArrowBackUp size={14} />}
                        onClick={() => confirmRollback(v.version)}
                        loading={rollback.isPending && rollback.variables?.version === v.version}
                      >
                        Roll back to v{v.version}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {pair && <MapperDiffView pipelineId={pipeline.id} from={pair.from} to={pair.to} />}
    </Stack>
  );
}
