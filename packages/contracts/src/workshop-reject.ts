import { z } from 'zod';

/**
 * Reject draft suggestions: each named field gets no source (nothing feeds it; left out of the
 * record where the target does not take null), then the draft is re-run.
 */
export const ZRejectFieldsRequest = z.object({
  fields: z.array(z.string().min(1).max(500)).min(1).max(1000),
  auto_deploy: z.boolean().default(false),
  immediate_return: z.boolean().default(true),
});
export type TRejectFieldsRequest = z.input<typeof ZRejectFieldsRequest>;
