import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { LoadingBlock } from '../../components/ui/query-state.tsx';
import { ProjectDetail, ProjectFilesPage, ProjectsList } from '../../features/projects/index.ts';

// the projects list does not need the file manager (dropzone, drawer): load it with a project page
const FileManager = lazy(async () => ({
  default: (await import('../../features/files/index.ts')).FileManager,
}));

// the app composes the two areas: a project page shows the files area's manager, scoped to it
function ProjectFiles({ id }: { id: string }) {
  return (
    <Suspense fallback={<LoadingBlock label="Loading files…" />}>
      <FileManager projectId={id} />
    </Suspense>
  );
}

export function ProjectsRoute() {
  return <ProjectsList />;
}

export function ProjectRoute() {
  const { id = '' } = useParams();
  return <ProjectDetail key={id} id={id} files={<ProjectFiles id={id} />} />;
}

export function ProjectFilesRoute() {
  const { id = '' } = useParams();
  return (
    <ProjectFilesPage key={id} id={id}>
      <ProjectFiles id={id} />
    </ProjectFilesPage>
  );
}
