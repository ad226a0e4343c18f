import { useParams } from 'react-router';
import {
  AuthenticatedAppsScreen,
  CreateWorkflowScreen,
  WorkflowBuilderScreen,
  WorkflowsManagementScreen,
} from '../../features/workflows/index.ts';

/** /workflow_builder: a new workflow on an empty canvas (saved on the first save or test run). */
export function WorkflowBuilderRoute() {
  return <WorkflowBuilderScreen />;
}
/** /workflows/{id}: the builder on a saved workflow; keyed so switching workflows starts fresh. */
export function WorkflowRoute() {
  const { id } = useParams();
  return <WorkflowBuilderScreen key={id} workflowId={id} />;
}
export function WorkflowsManagementRoute() {
  return <WorkflowsManagementScreen />;
}
export function CreateWorkflowRoute() {
  return <CreateWorkflowScreen />;
}
export function AuthenticatedAppsRoute() {
  return <AuthenticatedAppsScreen />;
}
