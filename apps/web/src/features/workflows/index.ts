export { AuthenticatedAppsScreen } from './components/authenticated-apps-screen.tsx';
export { WorkflowBuilderScreen } from './components/builder/builder-screen.tsx';
export { CreateWorkflowScreen } from './components/create-workflow-screen.tsx';
export { WorkflowsManagementScreen } from './components/management-screen.tsx';
