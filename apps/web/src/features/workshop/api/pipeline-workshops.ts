import type { TPage, TWorkshop } from '@mapwright/contracts';
import { http, required } from '../../../lib/http.ts';

/** The pipeline's newest workshop, to resume it, or null. */
export async function latestPipelineWorkshop(pipelineId: string): Promise<TWorkshop | null> {
  const page = required(
    await http.get<TPage<TWorkshop>>(`/pipelines/${pipelineId}/workshops`, { query: { page: 1, size: 1 } }),
  );
  return page.items[0] ?? null;
}
