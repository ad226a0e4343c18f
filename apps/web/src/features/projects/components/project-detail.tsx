import { Anchor, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TProject } from '@mapwright/contracts';
import {
  IconExternalLink,
  IconFileImport,
  IconFiles,
  IconPencil,
  IconPlus,
  IconRoute,
  IconSchema,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useDeleteProject } from '../api/delete-project.ts';
import { useProject } from '../api/project.ts';
import { formatBytes, formatDate, plural } from '../lib/format.ts';
import { confirmDeleteProject } from './confirm-delete-project.tsx';
import { NewProjectImportModal } from './new-project-import-modal.tsx';
import { NewProjectSchemaModal } from './new-project-schema-modal.tsx';
import { notify, notifyUpdate } from './notify.ts';
import { ProjectFormModal } from './project-form-modal.tsx';
import { ProjectImports } from './project-imports.tsx';
import { ProjectPipelines } from './project-pipelines.tsx';
import { ProjectSchemas } from './project-schemas.tsx';

const TABS = ['files', 'imports', 'schemas', 'pipelines'] as const;
type TTab = (typeof TABS)[number];

/**
 * A project: its details, and tabs for its files, imports, schemas and pipelines. The files tab
 * is given by the caller (the file manager lives in the files area; features do not import each other).
 */
export function ProjectDetail({ id, files }: { id: string; files: ReactNode }) {
  const project = useProject(id);
  if (project.isPending) return <LoadingBlock label="Loading project…" />;
  if (project.isError) return <ErrorBlock error={project.error} onRetry={() => void project.refetch()} />;
  return <ProjectView project={project.data} files={files} />;
}

function ProjectView({ project: p, files }: { project: TProject; files: ReactNode }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [editing, editModal] = useDisclosure(false);
  const [newImport, importModal] = useDisclosure(false);
  const [newSchema, schemaModal] = useDisclosure(false);
  const remove = useDeleteProject();
  const tab: TTab = TABS.find((t) => t === params.get('tab')) ?? 'files';
  const c = p.counts;
  const showTab = (next: string | null) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next && next !== 'files') out.set('tab', next);
        else out.delete('tab');
        return out;
      },
      { replace: true },
    );
  const newPipeline = `/pipeline?project=${encodeURIComponent(p.id)}`;

  const onDelete = () =>
    confirmDeleteProject(p, () => {
      const id = notify({ loading: true, autoClose: false, message: `Deleting ${p.name}…` });
      remove.mutate(p.id, {
        onSuccess: () => {
          notifyUpdate({
            id,
            loading: false,
            autoClose: 4000,
            color: 'green',
            message: `Project "${p.name}" deleted.`,
          });
          navigate('/projects');
        },
        onError: (err) =>
          notifyUpdate({
            id,
            loading: false,
            autoClose: 8000,
            color: 'red',
            title: 'The project was not deleted',
            message: err.message,
          }),
      });
    });

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[
          { label: 'Home', to: '/dashboard' },
          { label: 'Projects', to: '/projects' },
        ]}
        title={p.name}
        description={
          <Stack gap={4}>
            <Text
              c={p.description ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {p.description || 'No description yet.'}
            </Text>
            <Text size="sm" c="dimmed">
              Created {formatDate(p.created_at)}
              {c.versions > 0 ? ` · ${plural(c.versions, 'file version')}, ${formatBytes(c.bytes)}` : ''}
            </Text>
          </Stack>
        }
        actions={
          <>
            <Button component={Link} to={`/workbook?project_id=${p.id}`} variant="default">
              Open a workbook
            </Button>
            <Button variant="default" leftSection={<IconPencil size={16} />} onClick={editModal.open}>
              Edit details
            </Button>
            <Button
              variant="light"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={onDelete}
              loading={remove.isPending}
            >
              Delete project
            </Button>
          </>
        }
      />
      <Tabs value={tab} onChange={showTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="files" leftSection={<IconFiles size={16} />}>
            Files ({c.files})
          </Tabs.Tab>
          <Tabs.Tab value="imports" leftSection={<IconFileImport size={16} />}>
            Imports ({c.imports})
          </Tabs.Tab>
          <Tabs.Tab value="schemas" leftSection={<IconSchema size={16} />}>
            Schemas ({c.schemas})
          </Tabs.Tab>
          <Tabs.Tab value="pipelines" leftSection={<IconRoute size={16} />}>
            Pipelines ({c.pipelines})
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files" pt="md">
          <Stack gap="sm">
            <TabBar hint="Drop files below or pick them to upload into this project; Import on a file's row reads it.">
              <Anchor component={Link} to={`/projects/${p.id}/file`} size="sm">
                <Group gap={4} wrap="nowrap">
                  Open the file manager on its own page
                  <IconExternalLink size={14} aria-hidden />
                </Group>
              </Anchor>
            </TabBar>
            {files}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="imports" pt="md">
          <Stack gap="sm">
            <TabBar hint="An import reads one of this project's files into a dataset.">
              <Button leftSection={<IconPlus size={16} />} onClick={importModal.open}>
                New import
              </Button>
            </TabBar>
            <ProjectImports projectId={p.id} onCreate={importModal.open} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="schemas" pt="md">
          <Stack gap="sm">
            <TabBar hint="Target schemas made here belong to this project.">
              <Button leftSection={<IconPlus size={16} />} onClick={schemaModal.open}>
                New schema
              </Button>
            </TabBar>
            <ProjectSchemas projectId={p.id} onCreate={schemaModal.open} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pipelines" pt="md">
          <Stack gap="sm">
            <TabBar hint="Pipelines made here belong to this project.">
              <Button component={Link} to={newPipeline} leftSection={<IconPlus size={16} />}>
                New pipeline
              </Button>
            </TabBar>
            <ProjectPipelines projectId={p.id} newPipeline={newPipeline} />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ProjectFormModal opened={editing} onClose={editModal.close} project={p} />
      <NewProjectImportModal
        projectId={p.id}
        opened={newImport}
        onClose={importModal.close}
        onShowFiles={() => showTab('files')}
      />
      <NewProjectSchemaModal projectId={p.id} opened={newSchema} onClose={schemaModal.close} />
    </Stack>
  );
}

/** Above a tab's list: what the tab holds, and its create action. */
function TabBar({ hint, children }: { hint: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      {children}
    </Group>
  );
}
