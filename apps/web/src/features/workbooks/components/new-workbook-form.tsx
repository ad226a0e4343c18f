import { Button, Group, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateWorkbook, useProjectChoices } from '../api/workbooks.ts';

/** Pick a project and make a workbook for it (the next version when it has one). */
export function NewWorkbookForm({ initialProject }: { initialProject?: string | null }) {
  const projects = useProjectChoices();
  const create = useCreateWorkbook();
  const navigate = useNavigate();
  const [project, setProject] = useState<string | null>(initialProject ?? null);
  const none = projects.data && projects.data.items.length === 0;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Project"
        placeholder={projects.isPending ? 'Loading projects…' : 'Choose a project'}
        data={(projects.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={project}
        onChange={setProject}
        searchable
        w={320}
        disabled={none}
      />
      <Button
        disabled={!project}
        loading={create.isPending}
        onClick={async () => navigate(`/workbooks/${(await create.mutateAsync(project!)).id}`)}
      >
        Make a workbook
      </Button>
      {none && (
        <Text size="sm" c="dimmed">
          Create a project first: a workbook shows a project's mapping work.
        </Text>
      )}
      {create.isError && (
        <Text size="sm" c="red" role="alert">
          {create.error.message}
        </Text>
      )}
    </Group>
  );
}
