import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { useState } from 'react';
import { useUpdatePipeline } from '../api/update-pipeline.ts';
import { notify } from './notify.ts';

export function EditPipelineModal({
  pipeline,
  opened,
  onClose,
}: {
  pipeline: TPipeline;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Edit pipeline">
      {/* mounted per opening, so the form starts from the pipeline as it is now */}
      {opened && <EditForm pipeline={pipeline} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ pipeline, onClose }: { pipeline: TPipeline; onClose: () => void }) {
  const [name, setName] = useState(pipeline.name);
  const [description, setDescription] = useState(pipeline.description);
  const update = useUpdatePipeline();
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    update.mutate(
      { id: pipeline.id, name: name.trim(), description: description.trim() },
      {
        onSuccess: () => {
          notify({
            color: 'green',
            title: 'Saved',
            message: 'The pipeline’s name and description are updated.',
          });
          onClose();
        },
      },
    );
  };
  return (
    <form onSubmit={save}>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={200}
          error={!name.trim() ? 'Give the pipeline a name' : update.error?.message}
          data-autofocus
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          maxLength={5000}
          autosize
          minRows={3}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!name.trim()}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
