import { z } from 'zod';
import { zPage } from './common.ts';
import { ZJoinSource } from './joins.ts';

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
  /** the import to dedupe (or the left side of a linkage); or give `input` */
  import_id: z.uuid().optional(),
  /** any input a join reads instead of an import: a job result's valid records, joined data */
  input: ZJoinSource.optional(),
  /** the right side of a linkage as such an input */
  right_input: ZJoinSource.optional(),
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
      /** the random-pair u of exact agreement term frequencies are relative to (decisions move u) */
      tf_base: z.number().optional(),
    }),
  ),
  warnings: z.array(z.string()),
  /** the decisions the run learned from (labels re-estimate m, u and λ) */
  decisions: z.object({ yes: z.number(), no: z.number() }).optional(),
  /** the last "Add new records": records added, of them joined to an existing entity, pairs scored */
  last_added: z.object({ records: z.number(), attached: z.number(), scored: z.number() }).optional(),
  seconds: z.number(),
});

export const ZResolution = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(['dedupe', 'link']),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  import_id: z.uuid().nullable(),
  right_import_id: z.uuid().nullable(),
  /** what was resolved, whatever its kind (an import, a job result, joined data) */
  input: ZJoinSource.nullable(),
  right_input: ZJoinSource.nullable(),
  id_column: z.string().nullable(),
  threshold: z.number().nullable(),
  summary: ZResolutionSummary.nullable(),
  output_dataset_id: z.uuid().nullable(),
  /** one golden record per entity: a records dataset, usable as a pipeline job's `dataset_id` */
  golden_dataset_id: z.uuid().nullable(),
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
  /** records wrongly grouped beyond the pair if it is decided wrong (a bridge, a merge) */
  risk: z.number(),
  risk_reason: z.string().nullable(),
  /**
   * a linkage's pair the one-to-one assignment passed over: `record` (a_key or b_key) is linked
   * to `partner` (with that pair's match probability), so only a "the same" decision links this
   * pair instead
   */
  linked_elsewhere: z
    .object({ record: z.string(), partner: z.string(), probability: z.number() })
    .nullable()
    .optional(),
});
export type TResolutionPair = z.infer<typeof ZResolutionPair>;
export const ZResolutionPairs = z.object({
  /** the open questions */
  items: z.array(ZResolutionPair),
  /** a linkage's uncertain pairs that cannot be linked without a decision, shown apart */
  not_linked: z.array(ZResolutionPair).default([]),
  prior: z.number(),
});

export const ZLabelRequest = z.object({
  a_key: z.string().min(1),
  b_key: z.string().min(1),
  label: ZPairLabel,
});

export const ZProposeRequest = z.object({
  import_id: z.uuid().optional(),
  input: ZJoinSource.optional(),
  right_input: ZJoinSource.optional(),
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

export const ZSurvivorship = z.enum(['most_frequent', 'longest', 'latest', 'source_priority']);
export type TSurvivorship = z.infer<typeof ZSurvivorship>;
export const ZSurvivorshipRequest = z.object({ rules: z.record(z.string().min(1), ZSurvivorship) });
/** A person's choice of an entity's value; `clear` goes back to the survivorship rule. */
export const ZOverrideRequest = z.object({
  /** any record of the entity (its cluster_id is one) */
  record_key: z.string().min(1),
  column: z.string().min(1),
  value: z.string().nullable(),
  clear: z.boolean().optional(),
});
export const ZGoldenRecord = z.object({
  cluster_id: z.string(),
  records: z.number(),
  values: z.record(z.string(), z.string().nullable()),
  options: z.record(z.string(), z.array(z.string())),
  overridden: z.array(z.string()),
});
export type TGoldenRecord = z.infer<typeof ZGoldenRecord>;
export const ZGoldenPage = z.object({
  fields: z.array(z.string()),
  rules: z.record(z.string(), ZSurvivorship),
  total: z.number(),
  page: z.number(),
  size: z.number(),
  items: z.array(ZGoldenRecord),
});
export type TGoldenPage = z.infer<typeof ZGoldenPage>;

/** New records for a dedupe: an input (a newer import, appended rows…) whose records not yet there are added. */
export const ZAddRecordsRequest = z.object({ import_id: z.uuid().optional(), input: ZJoinSource.optional() });
