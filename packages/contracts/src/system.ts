import { z } from 'zod';

/**
 * Public runtime configuration for the SPA (GET /api/config, no auth). The spec's "configured
 * list" of organizations, old/new hosts and analytics settings come from server env.
 */
export const ZPublicConfig = z.object({
  productName: z.string(),
  /** migration modal (spec §2): shown when hostname === oldHost and orgId in migrationOrgIds */
  oldHost: z.string().nullable(),
  newHost: z.string().nullable(),
  migrationOrgIds: z.array(z.string()),
  /** root path redirects to /projects for these organizations (spec §2) */
  projectsLandingOrgIds: z.array(z.string()),
  analytics: z.object({
    /** script URL; analytics is off when null */
    scriptUrl: z.string().nullable(),
    key: z.string().nullable(),
    excludedOrgId: z.string().nullable(),
  }),
  chatSupportRegion: z.enum(['us', 'eu', 'ap']),
  /** the chat-support widget; null = off */
  chatSupport: z.object({ appId: z.string(), region: z.enum(['us', 'eu', 'ap']) }).nullable(),
  /** where the system status is read; null = the server's own endpoints */
  systemStatus: z.object({ listingUrl: z.string(), statusUrl: z.string() }).nullable(),
});
export type TPublicConfig = z.infer<typeof ZPublicConfig>;

/** System status (spec §7): a listing of history versions, then the status file of the latest one. */
export const ZStatusHistory = z.object({
  items: z.array(z.object({ version: z.string(), created_at: z.string() })),
});
export const ZSystemStatus = z.object({
  type: z.enum(['success', 'info', 'warning', 'error']),
  message: z.string(),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;
