import { ActionIcon, Button, Menu, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TPipeline } from '@mapwright/contracts';
import { IconDots, IconPencil, IconTools, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useDeletePipeline } from '../api/delete-pipeline.ts';
import { plural } from '../lib/format.ts';
import { EditPipelineModal } from './edit-pipeline-modal.tsx';
import { notify } from './notify.ts';

/** Open the workshop, rename / describe, delete (after a confirmation naming what goes with it). */
export function PipelineActions({ pipeline }: { pipeline: TPipeline }) {
  const [editing, setEditing] = useState(false);
  const remove = useDeletePipeline();
  const navigate = useNavigate();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete “${pipeline.name}”?`,
      children: (
        <Text size="sm">
          Its {plural(pipeline.job_count, 'job')}, their results and every mapper version are deleted too. The
          target schema is kept. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete pipeline', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(pipeline.id, {
          onSuccess: () => {
            notify({ color: 'green', title: 'Pipeline deleted', message: `“${pipeline.name}” is gone.` });
            navigate('/pipelines');
          },
          onError: (err) => notify({ color: 'red', title: 'Could not delete', message: err.message }),
        }),
    });

  return (
    <>
      <Button component={Link} to={`/workshop?pipeline=${pipeline.id}`} leftSection={<IconTools size={16} />}>
        Open workshop
      </Button>
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
        Edit
      </Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="More actions" loading={remove.isPending}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
            Delete pipeline
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <EditPipelineModal pipeline={pipeline} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}
