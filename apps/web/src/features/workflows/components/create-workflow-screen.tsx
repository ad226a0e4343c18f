// being built this session
export function CreateWorkflowScreen() {
  return null;
}
