import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { IconArrowsShuffle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { ApiError } from '../../../lib/http.ts';
import { useOpenWorkshop } from '../api/open-workshop.ts';
import { WorkshopPicker } from './workshop-picker.tsx';
import { WorkshopScreen } from './workshop-screen.tsx';
import './styles.ts';

/**
 * /workshop?id=… opens that workshop; /workshop?pipeline=… resumes the pipeline's latest workshop
 * (or opens one) and then shows it by id; /workshop alone lists recent workshops and pipelines.
 */
export function WorkshopPage({ canWrite }: { canWrite: boolean }) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const pipelineId = params.get('pipeline');
  if (id) return <WorkshopScreen key={id} workshopId={id} canWrite={canWrite} />;
  if (pipelineId) return <OpenFromPipeline key={pipelineId} pipelineId={pipelineId} />;
  return <WorkshopPicker canWrite={canWrite} />;
}

function OpenFromPipeline({ pipelineId }: { pipelineId: string }) {
  const navigate = useNavigate();
  const open = useOpenWorkshop();
  const started = useRef(false);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    open.mutate(
      { pipelineId },
      { onSuccess: (w) => navigate(`/workshop?id=${w.id}`, { replace: true }), onError: (e) => setError(e) },
    );
  }, [open, pipelineId, navigate]);
  if (!error) return <LoadingBlock label="Opening the pipeline's workshop…" />;
  const noJobs = error instanceof ApiError && error.status === 409;
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <Paper withBorder radius="md" p="xl" maw={720}>
      <EmptyBlock
        icon={<IconArrowsShuffle size={22} />}
        title={
          noJobs
            ? 'This pipeline has no records yet'
            : missing
              ? 'Pipeline not found'
              : 'Could not open the workshop'
        }
      >
        <Stack gap="sm" align="center">
          <Text size="sm" c="dimmed" ta="center">
            {noJobs
              ? 'A workshop reviews the mapping against a job’s records. Add a job with sample records to the pipeline, then come back.'
              : missing
                ? 'It may have been deleted, or it belongs to another organization.'
                : error.message}
          </Text>
          <Button component={Link} to={noJobs ? `/pipelines/${pipelineId}` : '/workshop'} variant="light">
            {noJobs ? 'Go to the pipeline' : 'Choose a workshop'}
          </Button>
          <Anchor component={Link} to="/pipelines" size="sm">
            All pipelines
          </Anchor>
        </Stack>
      </EmptyBlock>
    </Paper>
  );
}
