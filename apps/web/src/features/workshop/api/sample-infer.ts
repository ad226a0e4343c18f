import type { TSampleInference } from '@mapwright/contracts';
import { useMutation } from '@tanstack/react-query';
import { http, required } from '../../../lib/http.ts';

/** Preview of a sample edit: what the corrected values imply for the mapping; changes nothing. */
export const inferSample = async ({
  workshopId,
  sample,
}: {
  workshopId: string;
  sample: { index: number; mapped_record: Record<string, unknown> };
}) => required(await http.post<TSampleInference>(`/workshops/${workshopId}/sample/infer`, { sample }));
export const useSampleInfer = () => useMutation({ mutationFn: inferSample });
