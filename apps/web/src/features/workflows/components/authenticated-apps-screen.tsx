// being built this session
export function AuthenticatedAppsScreen() {
  return null;
}
