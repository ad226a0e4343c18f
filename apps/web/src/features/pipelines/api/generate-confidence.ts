import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http.ts';
import { resultsKey } from './keys.ts';

export const generateConfidence = async (resultId: string) => {
  await http.post(`/results/${resultId}/confidence`);
};

/** Confidence for many results; one failure does not stop the others, and each outcome is counted. */
export async function generateConfidenceFor(resultIds: string[]) {
  const outcomes = await Promise.allSettled(resultIds.map(generateConfidence));
  const failed = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
  return {
    succeeded: outcomes.length - failed.length,
    failed: failed.length,
    firstError: failed[0] ? String((failed[0].reason as Error)?.message ?? failed[0].reason) : null,
  };
}
export const useGenerateConfidence = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: generateConfidenceFor,
    onSettled: () => qc.invalidateQueries({ queryKey: resultsKey }),
  });
};
