import { z } from 'zod';
import { zPage } from './common.ts';

/**
 * What a join reads: an import's rows, a job result's valid mapped records, an earlier join's
 * output, or an entity resolution's outputs (by the resolution's id): its golden records (one
 * per entity) or every record with its cluster id.
 */
export const JOIN_SOURCE_KINDS = [
  'import',
  'result',
  'join_run',
  'resolution_golden',
  'resolution_clusters',
] as const;
export const ZJoinSource = z.object({ kind: z.enum(JOIN_SOURCE_KINDS), id: z.uuid() }).strict();
export type TJoinSource = z.infer<typeof ZJoinSource>;

export const ZJoinKind = z.enum(['inner', 'left', 'right', 'full', 'anti']);
export const ZJoinMethod = z.enum(['exact', 'jaro_winkler', 'levenshtein', 'token_jaccard', 'tfidf_cosine']);
export const ZJoinNormaliser = z.enum(['none', 'text', 'name']);

export const ZJoinCondition = z
  .object({
    left: z.string().min(1).max(200),
    right: z.string().min(1).max(200),
    method: ZJoinMethod,
    /** default: none for exact conditions, name (case, accents, punctuation, stop words, legal forms) for fuzzy */
    normalise: ZJoinNormaliser.optional(),
  })
  .strict();
export type TJoinCondition = z.infer<typeof ZJoinCondition>;

const ZPrefix = z.string().min(1).max(40);
const joinFields = {
  name: z.string().trim().min(1).max(200),
  left: ZJoinSource,
  right: ZJoinSource,
  kind: ZJoinKind,
  conditions: z.array(ZJoinCondition).max(10),
  threshold: z.number().min(0.5).max(1),
  matches: z.enum(['best', 'all']),
  prefixes: z.object({ left: ZPrefix, right: ZPrefix }).strict(),
};

export const ZCreateJoinRequest = z
  .object({
    ...joinFields,
    kind: joinFields.kind.default('left'),
    conditions: joinFields.conditions.default([]),
    threshold: joinFields.threshold.default(0.85),
    matches: joinFields.matches.default('best'),
    prefixes: joinFields.prefixes.default({ left: 'left_', right: 'right_' }),
  })
  .strict();
export type TCreateJoinRequest = z.input<typeof ZCreateJoinRequest>;

export const ZUpdateJoinRequest = z
  .object({
    name: joinFields.name.optional(),
    kind: joinFields.kind.optional(),
    conditions: joinFields.conditions.optional(),
    threshold: joinFields.threshold.optional(),
    matches: joinFields.matches.optional(),
    prefixes: joinFields.prefixes.optional(),
  })
  .strict();
export type TUpdateJoinRequest = z.infer<typeof ZUpdateJoinRequest>;

export const JOIN_RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

export const ZJoinStats = z.object({
  left_rows: z.number().int(),
  right_rows: z.number().int(),
  matched_left: z.number().int(),
  unmatched_left: z.number().int(),
  unmatched_right: z.number().int(),
  ambiguous: z.number().int(),
  pairs: z.number().int(),
  compared: z.number().int(),
  /** best score per left row with a candidate, 10 buckets of 0.1 */
  histogram: z.array(z.number().int()),
  output_rows: z.number().int(),
});
export type TJoinStats = z.infer<typeof ZJoinStats>;

export const ZJoinRun = z.object({
  id: z.uuid(),
  join_id: z.uuid(),
  join_name: z.string(),
  status: z.enum(JOIN_RUN_STATUSES),
  /** 0..1 */
  progress: z.number(),
  phase: z.string().nullable(),
  stats: ZJoinStats.nullable(),
  row_count: z.number().int(),
  /** the joined data (a dataset of records): a pipeline's job input (`dataset_id`) once the run succeeded */
  dataset_id: z.uuid().nullable(),
  /** the joined dataset's columns (the key columns of fuzzy matches beside each other) */
  columns: z.array(z.object({ name: z.string(), side: z.enum(['left', 'right']), source: z.string() })),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TJoinRun = z.infer<typeof ZJoinRun>;
export const ZJoinRunPage = zPage(ZJoinRun);

export const ZJoin = z.object({
  id: z.uuid(),
  name: z.string(),
  left: ZJoinSource.extend({ name: z.string() }),
  right: ZJoinSource.extend({ name: z.string() }),
  kind: ZJoinKind,
  conditions: z.array(ZJoinCondition),
  threshold: z.number(),
  matches: z.enum(['best', 'all']),
  prefixes: z.object({ left: z.string(), right: z.string() }),
  last_run: ZJoinRun.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TJoin = z.infer<typeof ZJoin>;
export const ZJoinPage = zPage(ZJoin);

export const ZJoinListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});

/** A dataset that can be joined. */
export const ZJoinInput = ZJoinSource.extend({
  name: z.string(),
  row_count: z.number().int(),
  columns: z.array(z.string()),
  created_at: z.string(),
});
export type TJoinInput = z.infer<typeof ZJoinInput>;
export const ZJoinInputList = z.object({ items: z.array(ZJoinInput) });

export const ZJoinKeySuggestion = z.object({
  left: z.string(),
  right: z.string(),
  method: ZJoinMethod,
  score: z.number(),
  expected_match_rate: z.number(),
  name_similarity: z.number(),
  overlap: z.number(),
  uniqueness: z.number(),
});
export const ZJoinSuggestions = z.object({ items: z.array(ZJoinKeySuggestion) });
export type TJoinKeySuggestion = z.infer<typeof ZJoinKeySuggestion>;

export const ZJoinPreviewRequest = z.object({ threshold: joinFields.threshold.optional() }).strict();
export const ZJoinPreview = z.object({
  threshold: z.number(),
  /** rows of each side the preview ran on (the first of each dataset) */
  sample: z.object({ left: z.number().int(), right: z.number().int() }),
  stats: ZJoinStats,
  /** matched pairs scoring nearest the threshold, with the key values compared */
  near_threshold: z.array(
    z.object({
      score: z.number(),
      matched: z.boolean(),
      left: z.record(z.string(), z.unknown()),
      right: z.record(z.string(), z.unknown()),
    }),
  ),
  /** the first output rows as the run would write them */
  rows: z.array(z.record(z.string(), z.unknown())),
});
export type TJoinPreview = z.infer<typeof ZJoinPreview>;

/** One side of a join: its dataset, its columns with counts, and the keys it joins on. */
export const ZJoinNode = z.object({
  join_id: z.uuid(),
  side: z.enum(['left', 'right']),
  source: ZJoinSource.extend({ name: z.string() }),
  row_count: z.number().int(),
  columns: z.array(
    z.object({
      name: z.string(),
      type: z.string(),
      nulls: z.number().int(),
      distinct: z.number().int(),
      examples: z.array(z.unknown()),
      key: z.boolean(),
    }),
  ),
});
export type TJoinNode = z.infer<typeof ZJoinNode>;

export const ZJoinRowsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(50),
});
export const ZJoinRowPage = zPage(
  z.object({ index: z.number().int(), record: z.record(z.string(), z.unknown()) }),
);
