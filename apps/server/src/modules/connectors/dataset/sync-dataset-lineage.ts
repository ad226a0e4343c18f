import type { TLineageLink } from '@mapwright/contracts';
import type { Db } from '../../../db/client.ts';
import { writersOfDatasets } from './sync-datasets.repository.ts';

/**
 * Who wrote the sync datasets among these datasets (the data overview's lineage source for
 * them): the dataset is called by its name, and written by the syncs and flows that wrote into it.
 */
export async function syncDatasetLineage(db: Db, orgId: string, datasetIds: string[]) {
  const rows = await writersOfDatasets(db, orgId, datasetIds);
  return rows.map((r) => ({
    datasetId: r.datasetId,
    role: 'writes' as const,
    title: r.name,
    link: (r.flowId
      ? {
          type: 'flow',
          id: r.flowId,
          name: r.flowName!,
          path: `/flows/${r.flowId}`,
          at: r.at?.toISOString() ?? null,
        }
      : {
          type: 'sync',
          id: r.syncId ?? r.datasetId,
          name: r.syncName ?? 'a sync',
          path: '/destinations',
          at: r.at?.toISOString() ?? null,
        }) satisfies TLineageLink,
  }));
}
