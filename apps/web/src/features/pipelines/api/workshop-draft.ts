import type { TPage, TWorkshop } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';
import type { TMappingSpec } from '../lib/spec.ts';
import { pipelineKey } from './keys.ts';

/** The newest workshop of a pipeline with its draft mapper, or null when none was opened. */
export async function getLatestDraft(pipelineId: string) {
  const page = required(
    await http.get<TPage<TWorkshop>>(`/pipelines/${pipelineId}/workshops`, { query: { page: 1, size: 1 } }),
  );
  const workshop = page.items[0];
  if (!workshop) return null;
  const draft = required(await http.get<{ spec: TMappingSpec }>(`/workshops/${workshop.id}/draft`));
  return { workshop, spec: draft.spec };
}
export const latestDraftQueryOptions = (pipelineId: string) =>
  queryOptions({
    queryKey: [...pipelineKey(pipelineId), 'latest-draft'],
    queryFn: () => getLatestDraft(pipelineId),
    staleTime: 0,
  });
export const useLatestDraft = (pipelineId: string) => useQuery(latestDraftQueryOptions(pipelineId));
