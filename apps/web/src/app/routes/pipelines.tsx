import { useParams } from 'react-router';
import { NewPipelineWizard, PipelineDetail, PipelinesScreen } from '../../features/pipelines/index.ts';

export function PipelinesRoute() {
  return <PipelinesScreen view="cards" />;
}
export function PipelinesCompactRoute() {
  return <PipelinesScreen view="compact" />;
}
export function NewPipelineRoute() {
  return <NewPipelineWizard />;
}
export function PipelineRoute() {
  const { id = '' } = useParams();
  return <PipelineDetail key={id} id={id} />;
}
