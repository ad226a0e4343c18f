import type { TProject } from '@mapwright/contracts';
import { useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** The project a pipeline is created from (`/pipeline?project=<id>`). */
export const getProject = async (id: string) => required(await http.get<TProject>(`/projects/${id}`));
export const useWizardProject = (id: string | null) =>
  useQuery({
    queryKey: ['projects', 'detail', id, 'pipeline-wizard'],
    queryFn: () => getProject(id ?? ''),
    enabled: Boolean(id),
    retry: false,
  });
