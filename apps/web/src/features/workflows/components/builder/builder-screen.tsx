// being built this session
export function WorkflowBuilderScreen(_props: { workflowId?: string }) {
  return null;
}
