import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { CASCADED_KEYS, projectsKey } from './keys.ts';

export const deleteProject = (id: string) => http.delete<void>(`/projects/${id}`);

export const useDeleteProject = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    // Mark stale without refetching: the page still on screen would otherwise refetch the deleted
    // project (a 404) before the caller navigates away; every list refetches when next shown.
    onSuccess: () =>
      Promise.all(
        [projectsKey, ...CASCADED_KEYS].map((queryKey) =>
          qc.invalidateQueries({ queryKey, refetchType: 'none' }),
        ),
      ),
  });
};
