import { z } from 'zod';
import { zPage } from './common.ts';

/** Entity resolution: dedupe one import or link two, without labels; review what is uncertain. */

export const ZResolutionRole = z.enum([
  'name',
  'organisation',
  'address',
  'text',
  'date',
  'number',
  'code',
  'email',
  'phone',
  'category',
  'ignore',
]);

export const ZBlockingRule = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exact'), columns: z.array(z.string().min(1)).min(1).max(4) }),
  z.object({
    kind: z.literal('tokens'),
    columns: z.array(z.string().min(1)).min(1),
    neighbours: z.int().min(1).max(10),
  }),
  /** MinHash-LSH on the words of free-text columns: candidates near or above this Jaccard similarity */
  z.object({
    kind: z.literal('minhash'),
    columns: z.array(z.string().min(1)).min(1),
    threshold: z.number().min(0.1).max(0.95),
  }),
]);

export const ZCreateResolutionRequest = z.object({
  name: z.string().trim().min(1).max(200),
  import_id: z.uuid(),
  /** a second import to link with; a dedupe of `import_id` otherwise */
  right_import_id: z.uuid().optional(),
  /** the column holding each record's key (never compared); the row number otherwise */
  id_column: z.string().min(1).optional(),
  /** blocking rules; proposed from the columns when absent */
  rules: z.array(ZBlockingRule).min(1).max(8).optional(),
  /** roles overriding the inferred ones */
  roles: z.record(z.string(), ZResolutionRole).optional(),
  /** match weight threshold; chosen automatically (maximum expected F1) when absent */
  threshold: z.number().min(-100).max(100).optional(),
});
export type TCreateResolutionRequest = z.infer<typeof ZCreateResolutionRequest>;

export const ZUpdateResolutionRequest = z.object({
  threshold: z.number().min(-100).max(100).nullable().optional(),
  rules: z.array(ZBlockingRule).min(1).max(8).optional(),
});

const ZColumnStats = z.object({
  column: z.string(),
  role: ZResolutionRole,
  null_rate: z.number(),
  distinct_ratio: z.number(),
  reason: z.string().optional(),
});

export const ZResolutionSummary = z.object({
  records: z.number(),
  candidates: z.number(),
  matches: z.number(),
  clusters: z.number(),
  threshold: z.number(),
  columns: z.array(ZColumnStats),
  rules: z.array(z.object({ label: z.string(), pairs: z.number(), estimated_recall: z.number() })),
  /** expected precision / recall / F1 per threshold (thinned), for the slider */
  curve: z.array(
    z.object({
      weight: z.number(),
      precision: z.number(),
      recall: z.number(),
      f1: z.number(),
      pairs: z.number(),
    }),
  ),
  comparisons: z.array(
    z.object({
      column: z.string(),
      levels: z.array(z.string()),
      m: z.array(z.number()),
      u: z.array(z.number()),
    }),
  ),
  warnings: z.array(z.string()),
  seconds: z.number(),
});

export const ZResolution = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['dedupe', 'link']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  import_id: z.uuid().nullable(),
  right_import_id: z.uuid().nullable(),
  id_column: z.string().nullable(),
  threshold: z.number().nullable(),
  summary: ZResolutionSummary.nullable(),
  output_dataset_id: z.uuid().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TResolution = z.infer<typeof ZResolution>;
export const ZResolutionPage = zPage(ZResolution);

export const ZPairLabel = z.enum(['yes', 'no', 'skip']);
export const ZResolutionPair = z.object({
  a_key: z.string(),
  b_key: z.string(),
  weight: z.number(),
  probability: z.number(),
  /** per compared column: its level and its share of the weight (the waterfall) */
  fields: z.array(
    z.object({
      column: z.string(),
      a: z.string().nullable(),
      b: z.string().nullable(),
      level: z.string(),
      weight: z.number(),
    }),
  ),
  label: ZPairLabel.nullable(),
});
export type TResolutionPair = z.infer<typeof ZResolutionPair>;
export const ZResolutionPairs = z.object({ items: z.array(ZResolutionPair), prior: z.number() });

export const ZLabelRequest = z.object({
  a_key: z.string().min(1),
  b_key: z.string().min(1),
  label: ZPairLabel,
});

export const ZProposeRequest = z.object({
  import_id: z.uuid(),
  right_import_id: z.uuid().optional(),
  id_column: z.string().min(1).optional(),
});
/** The wizard's proposal: roles per column, blocking rules with the pairs each compares. */
export const ZProposal = z.object({
  records: z.number(),
  columns: z.array(ZColumnStats),
  rules: z.array(z.object({ rule: ZBlockingRule, label: z.string(), pairs: z.number() })),
  rejected: z.array(z.object({ rule: ZBlockingRule, label: z.string(), pairs: z.number() })),
  warnings: z.array(z.string()),
});
export type TProposal = z.infer<typeof ZProposal>;
