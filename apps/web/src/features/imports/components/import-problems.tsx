import { Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useImportProblems } from '../api/import-problems.ts';

/** Every line the import could not read, with why. */
export function ImportProblems({ importId, total }: { importId: string; total: number }) {
  const [page, setPage] = useState(1);
  const problems = useImportProblems(importId, page, total > 0);
  if (total === 0)
    return (
      <EmptyBlock icon={<IconCircleCheck size={22} />} title="No problems">
        Every line was read into a row.
      </EmptyBlock>
    );
  if (problems.isPending) return <LoadingBlock label="Loading problems…" />;
  if (problems.isError) return <ErrorBlock error={problems.error} onRetry={() => void problems.refetch()} />;
  const stored = problems.data.total;
  return (
    <Stack gap="sm">
      {stored < total && (
        <Text size="sm" c="dimmed">
          The first {stored.toLocaleString()} of {total.toLocaleString()} problems are kept.
        </Text>
      )}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" aria-label="Problems">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={90}>Line</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Raw line</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {problems.data.items.map((p) => (
              // one problem per line: the line number is the identity
              <Table.Tr key={`${p.line}-${p.reason}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {p.line}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{p.reason}</Text>
                </Table.Td>
                <Table.Td maw={420}>
                  {p.raw ? (
                    <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                      {p.raw}
                    </Code>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problems.data.pages > 1 && (
        <Group justify="flex-end">
          <Pager total={problems.data.pages} value={page} onChange={setPage} aria-label="Problem pages" />
        </Group>
      )}
    </Stack>
  );
}
