// being built this session
export function WorkflowsManagementScreen() {
  return null;
}
