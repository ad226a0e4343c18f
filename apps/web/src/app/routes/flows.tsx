import { useParams } from 'react-router';
import { FlowEditorScreen, FlowRunScreen, FlowsList } from '../../features/flows/index.ts';

export function FlowsRoute() {
  return <FlowsList />;
}
export function FlowRoute() {
  const { id = '' } = useParams();
  return <FlowEditorScreen key={id} id={id} />;
}
export function FlowRunRoute() {
  const { id = '', runId = '' } = useParams();
  return <FlowRunScreen key={runId} flowId={id} runId={runId} />;
}
