import { z } from 'zod';
import { atLeastOne, zPage } from './common.ts';

export const ROLE_NAMES = ['owner', 'admin', 'member', 'viewer', 'staff'] as const;
export type TRoleName = (typeof ROLE_NAMES)[number];
/** Roles that may manage users and API keys. `staff` is Mapwright's internal role (impersonation). */
export const ADMIN_ROLES: readonly TRoleName[] = ['owner', 'admin', 'staff'];
/**
 * Roles are ordered: nobody grants, changes or removes a rank above their own. Staff (Mapwright's
 * own people, in their own organization) rank above an organization's owner.
 */
export const ROLE_RANK: Record<TRoleName, number> = { viewer: 0, member: 1, admin: 2, owner: 3, staff: 4 };
/** An unknown role name ranks below every known one. */
export const roleRank = (name: string) => (ROLE_RANK as Record<string, number>)[name] ?? -1;

/** POST /api/auth/jwt/login — form fields (application/x-www-form-urlencoded). */
export const ZLoginForm = z.object({
  username: z.email().max(320),
  password: z.string().min(1).max(1024),
  token: z
    .string()
    .regex(/^\d{6}$/, 'must be 6 digits')
    .optional(),
});
export const ZTokenResponse = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type TTokenResponse = z.infer<typeof ZTokenResponse>;

export const ZImpersonateRequest = z.object({
  email: z.email().max(320),
  impersonate_email: z.email().max(320),
  /** why: kept in the audit log with the session (a ticket, a support request) */
  reason: z.string().trim().min(3, 'say why (at least 3 characters)').max(500),
});
export const ZForgotPasswordRequest = z.object({ email: z.email().max(320) });
export const ZResetPasswordRequest = z.object({
  token: z.string().min(10).max(512),
  password: z.string().min(8, 'must be at least 8 characters').max(256),
});
export const ZChangePasswordRequest = z.object({
  current_password: z.string().min(1).max(1024),
  new_password: z.string().min(8, 'must be at least 8 characters').max(256),
});

export const ZRole = z.object({ id: z.uuid(), name: z.string() });
export type TRole = z.infer<typeof ZRole>;
export const ZRolePage = zPage(ZRole);

/** GET /api/me — the logged user (spec §3); `role` is resolved by the client from the role list. */
export const ZUser = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  created_at: z.string(),
  role_id: z.uuid(),
  organization_id: z.uuid(),
  totp_enabled: z.boolean(),
  /** set when this session is an impersonation: who is acting */
  impersonated_by: z.string().nullable().optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZOrganization = z.object({ id: z.uuid(), name: z.string(), created_at: z.string() });
export type TOrganization = z.infer<typeof ZOrganization>;

/** Settings → users */
export const ZUserPage = zPage(ZUser);
export const ZInviteUserRequest = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200),
  role_id: z.uuid(),
});
/** The invite link lets the new member set a password; shown to the admin once (and emailed when SMTP is set). */
export const ZInviteUserResponse = z.object({ user: ZUser, invite_link: z.string() });
export const ZUpdateUserRequest = atLeastOne(
  z.object({
    name: z.string().trim().min(1).max(200).optional(),
    role_id: z.uuid().optional(),
  }),
);

/** GET /api/me/impersonations — who impersonated the caller, and when (newest first). */
export const ZImpersonation = z.object({
  id: z.uuid(),
  started_at: z.string(),
  staff_email: z.string(),
  staff_name: z.string(),
});
export type TImpersonation = z.infer<typeof ZImpersonation>;
export const ZImpersonationPage = zPage(ZImpersonation);

/** TOTP enrolment: setup returns a secret, enable confirms it with a current code. */
export const ZTotpSetupResponse = z.object({ secret: z.string(), otpauth_url: z.string() });
export const ZTotpCodeRequest = z.object({ token: z.string().regex(/^\d{6}$/, 'must be 6 digits') });

/** Organization API keys (x-api-key header). The key itself is returned once, at creation. */
export const ZApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;
export const ZApiKeyPage = zPage(ZApiKey);
export const ZCreateApiKeyRequest = z.object({ name: z.string().trim().min(1).max(100) });
export const ZCreatedApiKey = ZApiKey.extend({ key: z.string() });
