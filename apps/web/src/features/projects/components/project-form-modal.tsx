import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TProject } from '@mapwright/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useCreateProject } from '../api/create-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { notify } from './notify.ts';

/** Creates a project (then opens it), or renames and re-describes an existing one. */
export function ProjectFormModal({
  opened,
  onClose,
  project,
}: {
  opened: boolean;
  onClose: () => void;
  /** the project to edit; a new one is created when absent */
  project?: TProject;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={project ? 'Edit project' : 'New project'} size="md">
      {opened && <ProjectForm project={project} onClose={onClose} />}
    </Modal>
  );
}

function ProjectForm({ project, onClose }: { project?: TProject; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const update = useUpdateProject();
  const mutation = project ? update : create;
  const form = useForm({
    initialValues: { name: project?.name ?? '', description: project?.description ?? '' },
    validate: {
      name: (v) => (v.trim() ? null : 'Enter a name'),
    },
  });

  const submit = form.onSubmit(({ name, description }) => {
    const values = { name: name.trim(), description: description.trim() };
    if (project) {
      update.mutate(
        { id: project.id, ...values },
        {
          onSuccess: () => {
            notify({ color: 'green', message: 'Project saved.' });
            onClose();
          },
        },
      );
      return;
    }
    create.mutate(values, {
      onSuccess: (created) => {
        notify({ color: 'green', message: `Project "${created.name}" created.` });
        onClose();
        navigate(`/projects/${created.id}`);
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Name"
          placeholder="e.g. Q3 finance close"
          required
          maxLength={200}
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="What the project is for, where its data comes from"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={5000}
          {...form.getInputProps('description')}
        />
        {mutation.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {mutation.error.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {project ? 'Save' : 'Create project'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
