import { useSession } from '../../features/auth/index.ts';
import { DashboardPage } from '../../features/dashboard/index.ts';
import { JobTracker } from '../../features/jobs/index.ts';

// The route composes the two features: the dashboard shows the job tracker without importing it.
export function DashboardRoute() {
  const { user, org } = useSession();
  return (
    <DashboardPage
      name={user?.name ?? ''}
      orgName={org?.name ?? 'your organization'}
      tracker={<JobTracker />}
    />
  );
}
