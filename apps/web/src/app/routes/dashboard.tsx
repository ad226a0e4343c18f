import { useSession } from '../../features/auth/index.ts';
import { DashboardPage } from '../../features/dashboard/index.ts';

export function DashboardRoute() {
  const { user, org } = useSession();
  return <DashboardPage name={user?.name ?? ''} orgName={org?.name ?? 'your organization'} />;
}
