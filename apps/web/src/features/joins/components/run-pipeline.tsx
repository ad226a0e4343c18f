import { Alert, Button, Group, Paper, Select } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { usePipelineChoices, useRunPipelineOnJoin } from '../api/joins.ts';

/** Runs a pipeline's deployed mapper over the joined rows: the joined data as a job's input. */
export function RunPipelineOnJoin({ datasetId }: { datasetId: string }) {
  const pipelines = usePipelineChoices();
  const run = useRunPipelineOnJoin();
  const navigate = useNavigate();
  const [pipelineId, setPipelineId] = useState<string | null>(null);
  const options = (pipelines.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }));
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="sm">
        <Select
          label="Use as a pipeline input"
          description="Map these rows with a pipeline: a job reads the joined data in place."
          placeholder={pipelines.isPending ? 'Loading pipelines…' : 'Pick a pipeline'}
          data={options}
          value={pipelineId}
          onChange={setPipelineId}
          searchable
          nothingFoundMessage="No pipeline by that name"
          w={360}
        />
        <Button
          leftSection={<IconPlayerPlay size={16} />}
          disabled={!pipelineId}
          loading={run.isPending}
          onClick={() =>
            pipelineId &&
            run.mutate({ pipelineId, datasetId }, { onSuccess: (job) => navigate(`/job?id=${job.id}`) })
          }
        >
          Run a job
        </Button>
      </Group>
      {run.isError && (
        <Alert color="red" title="The job could not start" mt="sm">
          {run.error.message}
        </Alert>
      )}
    </Paper>
  );
}
