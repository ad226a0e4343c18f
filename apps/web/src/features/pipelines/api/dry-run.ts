import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

export interface TDryRunReport {
  /** the baseline: the deployed version, or before any deploy the latest run's mapper */
  compared_against: { mapper_version: number } | { result_id: string } | null;
  jobs: string[];
  records_compared: number;
  records_changed: number;
  newly_failing: number;
  newly_passing: number;
  fields: { target: string; records_changed: number }[];
}
/** The API bounds it: records of the last 1 to 20 jobs. */
export const DRY_RUN_MAX_JOBS = 20;

export const dryRun = async ({ id, spec, lastJobs }: { id: string; spec: unknown; lastJobs: number }) =>
  required(await http.post<TDryRunReport>(`/pipelines/${id}/dry_run`, { spec, last_jobs: lastJobs }));
export const useDryRun = () => useMutation({ mutationFn: dryRun });
