import { Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useLatestWorkbook } from '../api/workbooks.ts';
import { NewWorkbookForm } from './new-workbook-form.tsx';

/**
 * `/workbook`: opens the most recent workbook; with none yet (or `?project_id=` to start from
 * a project) it offers to make one.
 */
export function WorkbookOpen() {
  const [params] = useSearchParams();
  const projectId = params.get('project_id');
  const latest = useLatestWorkbook();
  const navigate = useNavigate();
  useEffect(() => {
    if (!projectId && latest.data) navigate(`/workbooks/${latest.data.id}`, { replace: true });
  }, [projectId, latest.data, navigate]);
  if (latest.isPending && !projectId) return <LoadingBlock label="Opening your latest workbook…" />;
  if (latest.isError) return <ErrorBlock error={latest.error} onRetry={() => latest.refetch()} />;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Combine' }, { label: 'Workbooks', to: '/workbooks' }, { label: 'Workbook' }]}
        title="Workbook"
        description="A workbook shows a project's target fields to review and its data as sheets."
      />
      <Paper withBorder p="md" radius="md">
        <Text mb="sm">
          {projectId
            ? 'Make a workbook for this project.'
            : 'You have no workbook yet. Choose a project to make one.'}
        </Text>
        <NewWorkbookForm initialProject={projectId} />
      </Paper>
    </Stack>
  );
}
