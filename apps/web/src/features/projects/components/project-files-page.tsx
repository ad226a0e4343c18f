import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useProject } from '../api/project.ts';

/** /projects/{id}/file: the project's file manager (given by the caller) on a page of its own. */
export function ProjectFilesPage({ id, children }: { id: string; children: ReactNode }) {
  const project = useProject(id);
  if (project.isPending) return <LoadingBlock label="Loading project…" />;
  if (project.isError) return <ErrorBlock error={project.error} onRetry={() => void project.refetch()} />;
  const p = project.data;
  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Projects', to: '/projects' },
          { label: p.name, to: `/projects/${p.id}` },
        ]}
        title={`Files of ${p.name}`}
        description="Upload files into this project, add versions, choose the current one and download any of them."
      />
      {children}
    </Stack>
  );
}
