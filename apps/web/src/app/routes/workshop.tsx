import { useSession } from '../../features/auth/index.ts';
import { WorkshopPage } from '../../features/workshop/index.ts';

export function WorkshopRoute() {
  const { user } = useSession();
  // viewers may look; the server refuses their edits anyway
  return <WorkshopPage canWrite={user?.role !== 'viewer'} />;
}
