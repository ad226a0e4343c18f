import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import type { TPipeline } from '@mapwright/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useNewJob } from '../api/new-job.ts';
import { describeSource } from '../lib/source.ts';
import { notify } from './notify.ts';
import { EMPTY_SOURCE_DRAFT, SourcePicker, type TSourceDraft } from './source-picker.tsx';

/** A new batch of source records for the pipeline, from any source, run at once by default. */
export function NewJobModal({
  pipeline,
  opened,
  onClose,
}: {
  pipeline: TPipeline;
  opened: boolean;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<TSourceDraft>(EMPTY_SOURCE_DRAFT);
  const [runNow, setRunNow] = useState(true);
  const create = useNewJob(pipeline.id);
  const close = () => {
    setDraft(EMPTY_SOURCE_DRAFT);
    create.reset();
    onClose();
  };
  const submit = () => {
    if (!draft.source) return;
    const what = describeSource(draft.source);
    create.mutate(
      { source: draft.source, run: runNow },
      {
        onSuccess: ({ result }) => {
          notify({
            color: 'green',
            title: result ? 'Job added and running' : 'Job added',
            message: `${what[0]?.toUpperCase()}${what.slice(1)}.`,
          });
          close();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title={`New job for “${pipeline.name}”`} size="xl">
      <Stack gap="md">
        <SourcePicker draft={draft} onChange={setDraft} />
        <Checkbox
          label={
            pipeline.deployed_mapper_version
              ? `Run it now with the deployed mapper (version ${pipeline.deployed_mapper_version})`
              : 'Run it now with the proposed mapper'
          }
          checked={runNow}
          onChange={(e) => setRunNow(e.currentTarget.checked)}
        />
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not add the job" role="alert">
            {create.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!draft.source} loading={create.isPending}>
            {runNow ? 'Add and run' : 'Add job'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
