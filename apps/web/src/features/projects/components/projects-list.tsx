import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { IconFolders, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useProjects } from '../api/projects.ts';
import { plural } from '../lib/format.ts';
import { ProjectCard } from './project-card.tsx';
import { ProjectFormModal } from './project-form-modal.tsx';

export function ProjectsList() {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  // the page belongs to the search it was picked in: a new search starts from the first page
  const [paging, setPaging] = useState({ name, page: 1 });
  const page = paging.name === name ? paging.page : 1;
  const setPage = (next: number) => setPaging({ name, page: next });
  const projects = useProjects({ page, name });
  const [creating, createModal] = useDisclosure(false);

  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={createModal.open}>
      New project
    </Button>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: 'Home', to: '/dashboard' }, { label: 'General' }]}
        title="Projects"
        description="A project groups the files, imports, schemas and pipelines of one piece of work."
        actions={newButton}
      />
      <TextInput
        aria-label="Search projects"
        placeholder="Search projects by name"
        leftSection={<IconSearch size={16} />}
        rightSection={projects.isFetching && !projects.isPending ? <Loader size={14} /> : null}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        w={{ base: '100%', xs: 360 }}
      />
      {projects.isPending ? (
        <Paper withBorder radius="md">
          <LoadingBlock label="Loading projects…" />
        </Paper>
      ) : projects.isError && !projects.data ? (
        <ErrorBlock error={projects.error} onRetry={() => void projects.refetch()} />
      ) : projects.data.items.length === 0 ? (
        <Paper withBorder radius="md">
          {name ? (
            <EmptyBlock icon={<IconSearch size={22} />} title="No project matches">
              No project name contains “{name}”.
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconFolders size={22} />} title="No projects yet">
              Create a project to keep the files, imports, schemas and pipelines of one piece of work
              together.
              <Group justify="center" mt="sm">
                {newButton}
              </Group>
            </EmptyBlock>
          )}
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {projects.data.items.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </SimpleGrid>
      )}
      {projects.data && projects.data.total > 0 && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {plural(projects.data.total, 'project')}
          </Text>
          {projects.data.pages > 1 && (
            <Pager
              total={projects.data.pages}
              value={page}
              onChange={setPage}
              aria-label="Project pages"
              size="sm"
            />
          )}
        </Group>
      )}
      <ProjectFormModal opened={creating} onClose={createModal.close} />
    </Stack>
  );
}
