import type { TProject } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import { projectsKey } from './keys.ts';

export interface TProjectInput {
  name: string;
  description: string;
}

export const createProject = async (input: TProjectInput) =>
  required(await http.post<TProject>('/projects', input));

export const useCreateProject = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => qc.invalidateQueries({ queryKey: projectsKey }),
  });
};
