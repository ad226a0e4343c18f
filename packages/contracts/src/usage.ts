import { z } from 'zod';

/** What the usage ledger counts (one event per thing that happened). */
export const USAGE_KINDS = [
  'records_processed',
  'job_runs',
  'pipelines_created',
  'workflow_runs',
  'flow_runs',
  'llm_calls',
  'llm_tokens',
] as const;
export const ZUsageKind = z.enum(USAGE_KINDS);
export type TUsageKind = z.infer<typeof ZUsageKind>;

const day = z.iso.date();
/** `?from=2026-01-01&to=2026-01-31` (UTC days, both included; default: the last 30 days). */
export const ZUsageQuery = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], message: 'must not be after `to`' })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 <= 366, {
    path: ['to'],
    message: 'the range may span at most 366 days',
  });
export type TUsageQuery = z.infer<typeof ZUsageQuery>;

const counts = z.record(z.string(), z.number());
export const ZUsageLimit = z.object({
  name: z.enum(['records_per_month', 'pipelines', 'seats']),
  label: z.string(),
  /** null = unlimited (not configured) */
  limit: z.number().nullable(),
  used: z.number(),
});
export const ZUsageReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: counts,
  by_day: z.array(z.object({ day: z.string(), counts })),
  by_pipeline: z.array(z.object({ pipeline_id: z.string(), name: z.string(), counts })),
  by_user: z.array(z.object({ user_id: z.string(), name: z.string(), counts })),
  limits: z.array(ZUsageLimit),
  /** whether a model is configured (LLM calls and tokens are counted only then) */
  llm_configured: z.boolean(),
});
export type TUsageReport = z.infer<typeof ZUsageReport>;
export type TUsageLimit = z.infer<typeof ZUsageLimit>;
