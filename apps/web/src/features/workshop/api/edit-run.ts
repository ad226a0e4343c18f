import type { TResult } from '@mapwright/contracts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { toggleJobCreated } from '../../../lib/usage-store.ts';
import { resultKey, workshopDetailKey, workshopsListKey } from './keys.ts';

/**
 * After an edit the server has saved the new draft and started a run: the draft, the workshop
 * (undeployed edits, status) and the transformation are refetched; the run's result is seeded so
 * polling starts from it.
 */
export function afterEdit(qc: QueryClient, workshopId: string, result?: TResult) {
  if (result) qc.setQueryData(resultKey(result.id), result);
  if (result) toggleJobCreated();
  return Promise.all([
    qc.invalidateQueries({ queryKey: workshopDetailKey(workshopId) }),
    qc.invalidateQueries({ queryKey: workshopsListKey }),
  ]);
}
export const useAfterEdit = () => {
  const qc = useQueryClient();
  return (workshopId: string, result?: TResult) => afterEdit(qc, workshopId, result);
};
