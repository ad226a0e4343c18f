import { z } from 'zod';
import { ZOrganization, ZUser } from './auth.ts';
import { zPage } from './common.ts';

/** POST /api/orgs (staff only): a new organization and the invitation of its first owner. */
export const ZCreateOrganizationRequest = z.object({
  name: z.string().trim().min(1).max(200),
  owner_email: z.email().max(320),
  owner_name: z.string().trim().min(1).max(200).optional(),
});
/** The owner is invited like any member: the link (also mailed) lets them set a password. */
export const ZCreatedOrganization = z.object({
  organization: ZOrganization,
  owner: ZUser,
  invite_link: z.string(),
});
export const ZOrganizationPage = zPage(ZOrganization);
