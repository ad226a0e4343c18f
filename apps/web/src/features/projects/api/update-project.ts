import type { TProject } from '@mapwright/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TProjectInput } from './create-project.ts';
import { projectKey, projectsKey } from './keys.ts';

export const updateProject = async ({ id, ...input }: Partial<TProjectInput> & { id: string }) =>
  required(await http.patch<TProject>(`/projects/${id}`, input));

export const useUpdateProject = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (project) => {
      qc.setQueryData(projectKey(project.id), project);
      await qc.invalidateQueries({ queryKey: projectsKey });
    },
  });
};
