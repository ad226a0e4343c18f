import { z } from 'zod';
import { atLeastOne, zPage } from './common.ts';

/** The spec's `demos` flags (§3), all false by default. */
export const DEMO_FLAGS = [
  'multiTable',
  'sourceConnectorTab',
  'apiIntegration',
  'destinationConnectorTab',
  'avionteExcel',
  'financialAnalysis',
  'suggest_values',
  'schemaEditor',
  'manualRun',
] as const;
export type TDemoFlag = (typeof DEMO_FLAGS)[number];

export const ZDemoFlags = z.object(
  Object.fromEntries(DEMO_FLAGS.map((f) => [f, z.boolean()])) as Record<TDemoFlag, z.ZodBoolean>,
);
/** An organization's switches, set by staff; every member's pages read them. */
export const ZOrgSettings = z.object({
  demos: ZDemoFlags,
  /** the organization's root path lands on /projects */
  projects_landing: z.boolean(),
});
export type TOrgSettings = z.infer<typeof ZOrgSettings>;
export const ZOrgSettingsUpdate = atLeastOne(
  z.object({
    demos: ZDemoFlags.partial().strict().optional(),
    projects_landing: z.boolean().optional(),
  }),
);

export const ZInternalOrg = z.object({
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  member_count: z.number(),
  /** this calendar month (UTC), from the usage ledger */
  usage: z.object({ records_processed: z.number(), job_runs: z.number(), workflow_runs: z.number() }),
  settings: ZOrgSettings,
});
export type TInternalOrg = z.infer<typeof ZInternalOrg>;
export const ZInternalOrgPage = zPage(ZInternalOrg);
export const ZInternalOrgQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(200).optional(),
});

export const ZInternalMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  created_at: z.string(),
});
export const ZInternalMemberList = z.object({ items: z.array(ZInternalMember) });
export type TInternalMember = z.infer<typeof ZInternalMember>;

export const ZAuditEntry = z.object({
  id: z.string(),
  created_at: z.string(),
  organization_id: z.string().nullable(),
  action: z.string(),
  actor_email: z.string().nullable(),
  /** set when the action was done while impersonating: the staff member really acting */
  impersonator_email: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = zPage(ZAuditEntry);
export const ZAuditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(25),
  org_id: z.uuid().optional(),
  action: z.string().trim().min(1).max(100).optional(),
});
