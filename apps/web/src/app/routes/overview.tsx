import { OverviewPage } from '../../features/dashboard/index.ts';

export function OverviewRoute() {
  return <OverviewPage />;
}
