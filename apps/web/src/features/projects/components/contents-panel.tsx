import { Group, Paper, Stack, Text } from '@mantine/core';
import type { TPage } from '@mapwright/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { plural } from '../lib/format.ts';

/** Loading, error, empty and paginated states shared by a project's imports, schemas and pipelines. */
export function ContentsPanel<T>({
  query,
  noun,
  page,
  onPage,
  empty,
  children,
}: {
  query: UseQueryResult<TPage<T>>;
  /** singular, for "3 imports" and "Loading imports…" */
  noun: string;
  page: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <Paper withBorder radius="md">
        <LoadingBlock label={`Loading ${noun}s…`} />
      </Paper>
    );
  if (query.isError && !query.data)
    return <ErrorBlock error={query.error} onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data || data.total === 0)
    return (
      <Paper withBorder radius="md">
        {empty}
      </Paper>
    );
  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        {children(data.items)}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {plural(data.total, noun)}
        </Text>
        {data.pages > 1 && (
          <Pager total={data.pages} value={page} onChange={onPage} size="sm" aria-label={`${noun} pages`} />
        )}
      </Group>
    </Stack>
  );
}
