import { useSearchParams } from 'react-router';
import { JobDetail, JobsPage } from '../../features/jobs/index.ts';

export function JobsRoute() {
  return <JobsPage />;
}
export function JobRoute() {
  const [params] = useSearchParams();
  return <JobDetail id={params.get('id')} />;
}
