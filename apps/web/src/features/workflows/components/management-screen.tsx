import { ACTIVE_POLL_MS } from '../lib/run-management.ts';
import './styles.ts';
import { Button, Group, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArchive, IconPlugConnected, IconPlus, IconRoute, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { isOpenRun } from '../api/runs.ts';
import { useSourceApps } from '../api/source-apps.ts';
import { workflowsQueryOptions } from '../api/workflows.ts';
import { useWorkflowContext, workflowContext } from '../stores/workflow-context.ts';
import { ArchivedWorkflowsTable } from './management-archived.tsx';
import { useNow } from './management-clock.ts';
import { WorkflowsTable } from './management-table.tsx';
import { RunDrawer } from './runs-drawer.tsx';
import { RecentRuns } from './runs-recent.tsx';

const PAGE_SIZE = 50;

/** /workflows/management: the organization's workflows, their schedules and their recent runs. */
export function WorkflowsManagementScreen() {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  const [page, setPage] = useState(1);
  const [openRun, setOpenRun] = useState<string | null>(null);
  const [view, setView] = useState<'current' | 'archived'>('current');
  const archived = view === 'archived';
  const now = useNow();

  const list = useQuery({
    ...workflowsQueryOptions({ name, page, size: PAGE_SIZE, archived }),
    refetchInterval: (q) => {
      if (archived) return false;
      const items = q.state.data?.items ?? [];
      if (items.some((w) => w.lastRun && isOpenRun(w.lastRun.status))) return 2000;
      return items.some((w) => w.isActive) ? ACTIVE_POLL_MS : false;
    },
  });
  const sourceApps = useSourceApps();
  const appNames = useMemo(
    () => new Map((sourceApps.data ?? []).map((a) => [a.id, a.name])),
    [sourceApps.data],
  );
  const appName = (id: string) => appNames.get(id) ?? id;

  // the workflow context holds the whole list as last loaded (a search shows only a part of it)
  useEffect(() => {
    if (list.data && !archived && !name && list.data.pages <= 1 && !list.isPlaceholderData)
      workflowContext.setWorkflows(list.data.items);
  }, [list.data, archived, name, list.isPlaceholderData]);

  const workflows = list.data?.items ?? [];
  // a search shows part of the list: the runs' filter and the run drawer name every workflow known
  const known = useWorkflowContext().workflows;
  const allWorkflows = useMemo(() => {
    const shown = new Set(workflows.map((w) => w.id));
    return [...workflows, ...known.filter((w) => !shown.has(w.id))];
  }, [workflows, known]);
  const anyActive = workflows.some((w) => w.isActive);
  const newButton = (
    <Button component={Link} to="/workflows/create" leftSection={<IconPlus size={16} />}>
      New workflow
    </Button>
  );
  const noWorkflowsAtAll = list.data && list.data.total === 0 && !name && !archived;

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'Workflows' }]}
        title="Workflows"
        description="Workflows call a source app’s endpoints on a schedule and map what they gather onto your schema."
        actions={
          <>
            <Button
              component={Link}
              to="/workflows/authenticated_apps"
              variant="default"
              leftSection={<IconPlugConnected size={16} />}
            >
              Connected apps
            </Button>
            {newButton}
          </>
        }
      />
      <SegmentedControl
        w="fit-content"
        value={view}
        onChange={(v) => {
          setView(v as typeof view);
          setPage(1);
        }}
        data={[
          { value: 'current', label: 'Workflows' },
          { value: 'archived', label: 'Archived' },
        ]}
        aria-label="Show workflows or archived workflows"
      />
      {!noWorkflowsAtAll && (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Workflow name"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={300}
          />
          {list.data && list.data.total > 0 && (
            <Text size="sm" c="dimmed" aria-live="polite">
              {list.data.total.toLocaleString()} {archived ? 'archived ' : ''}
              {list.data.total === 1 ? 'workflow' : 'workflows'}
              {name ? ' match' : ''}
              {archived ? '' : ` · ${workflows.filter((w) => w.isActive).length} active`}
            </Text>
          )}
        </Group>
      )}
      <Paper withBorder radius="md">
        {list.isPending ? (
          <LoadingBlock label="Loading workflows…" />
        ) : list.isError ? (
          <ErrorBlock error={list.error} onRetry={() => void list.refetch()} />
        ) : archived && workflows.length === 0 && !name ? (
          <EmptyBlock icon={<IconArchive size={22} />} title="No archived workflows">
            A deleted workflow, or one replaced by submitting a new list, waits here with its runs until you
            restore it.
          </EmptyBlock>
        ) : workflows.length === 0 ? (
          name ? (
            <EmptyBlock icon={<IconSearch size={22} />} title={`No workflow is named like “${name}”`}>
              <Group justify="center" mt="sm">
                <Button variant="light" onClick={() => setSearch('')}>
                  Clear the search
                </Button>
              </Group>
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconRoute size={22} />} title="No workflows yet">
              A workflow chains a source app’s API endpoints — the built-in sample finance API or an app you
              connect — into a final node that maps the data onto a JSON schema, and runs on a schedule.
              <Group justify="center" mt="sm">
                {newButton}
              </Group>
            </EmptyBlock>
          )
        ) : archived ? (
          <ArchivedWorkflowsTable workflows={workflows} now={now} />
        ) : (
          <WorkflowsTable workflows={workflows} appName={appName} now={now} onOpenRun={setOpenRun} />
        )}
      </Paper>
      {list.data && list.data.pages > 1 && (
        <Pager total={list.data.pages} value={page} onChange={setPage} aria-label="Workflow pages" />
      )}
      {!noWorkflowsAtAll && !archived && (
        <RecentRuns workflows={allWorkflows} anyActive={anyActive} now={now} onOpenRun={setOpenRun} />
      )}
      <RunDrawer
        runId={openRun}
        workflows={allWorkflows}
        onClose={() => setOpenRun(null)}
        onOpenRun={setOpenRun}
      />
    </Stack>
  );
}
