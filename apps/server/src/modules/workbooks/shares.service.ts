import type { TReviewStatus, TShare, TWorkbookTab } from '@mapwright/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { AppContext, Principal } from '../../context.ts';
import { organizations, workbookShares } from '../../db/schema.ts';
import { AppError, FieldError, forbidden, notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findWorkbook } from './workbooks.service.ts';

/**
 * Customer preview links. The token is a JWT signed with the server's secret for this audience
 * only (an API token is refused here and a share token is refused by the API), naming the share
 * and expiring with it; the share row makes it revocable and holds the tabs it shows.
 */
const AUDIENCE = 'mapwright:workbook-share';
const FIELDS_TAB = 'fields';
type Row = typeof workbookShares.$inferSelect;

const toDto = (s: Row): TShare => ({
  id: s.id,
  workbook_id: s.workbookId,
  tabs: s.tabs,
  allow_feedback: s.allowFeedback,
  label: s.label,
  expires_at: s.expiresAt.toISOString(),
  revoked_at: s.revokedAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});

export async function createShare(
  ctx: AppContext,
  p: Principal,
  workbookId: string,
  input: { tabs: string[]; expires_in_days: number; allow_feedback: boolean; label: string },
) {
  assertCanWrite(p);
  const { w } = await findWorkbook(ctx, p.orgId, workbookId);
  const known = new Set([FIELDS_TAB, ...(w.tabs as TWorkbookTab[]).map((t) => t.id)]);
  input.tabs.forEach((t, i) => {
    if (!known.has(t)) throw new FieldError(['body', 'tabs', i], `"${t}" is not a tab of this workbook`);
  });
  const expiresAt = new Date(Date.now() + input.expires_in_days * 86_400_000);
  const [row] = await ctx.db
    .insert(workbookShares)
    .values({
      organizationId: p.orgId,
      workbookId: w.id,
      tabs: [...new Set(input.tabs)],
      allowFeedback: input.allow_feedback,
      label: input.label,
      expiresAt,
      createdBy: p.userId,
    })
    .returning();
  const token = await new SignJWT({ wb: w.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(row!.id)
    .setIssuer('mapwright')
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(ctx.jwtSecret);
  return { ...toDto(row!), token, url: `/workbook/customer-preview?token=${encodeURIComponent(token)}` };
}

export async function listShares(ctx: AppContext, p: Principal, workbookId: string) {
  await findWorkbook(ctx, p.orgId, workbookId);
  const rows = await ctx.db
    .select()
    .from(workbookShares)
    .where(and(eq(workbookShares.organizationId, p.orgId), eq(workbookShares.workbookId, workbookId)))
    .orderBy(desc(workbookShares.createdAt));
  return { items: rows.map(toDto) };
}

export async function revokeShare(ctx: AppContext, p: Principal, workbookId: string, shareId: string) {
  assertCanWrite(p);
  const [row] = await ctx.db
    .update(workbookShares)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(workbookShares.organizationId, p.orgId),
        eq(workbookShares.workbookId, workbookId),
        eq(workbookShares.id, shareId),
      ),
    )
    .returning();
  if (!row) throw notFound('Share link not found');
  return toDto(row);
}

/** Who a share link acts as: a read-only principal of the workbook's organization. */
export interface ShareAccess {
  share: Row;
  principal: Principal;
  organizationName: string;
}

const gone = () => new AppError(401, 'This preview link is invalid, expired or revoked');

/** The share behind a token, or 401: bad signature, wrong audience, expired, revoked. */
export async function resolveShare(ctx: AppContext, token: string | undefined): Promise<ShareAccess> {
  if (!token) throw gone();
  let shareId: string;
  let workbookId: string;
  try {
    const { payload } = await jwtVerify(token, ctx.jwtSecret, {
      algorithms: ['HS256'],
      issuer: 'mapwright',
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.wb !== 'string') throw gone();
    shareId = payload.sub;
    workbookId = payload.wb;
  } catch {
    throw gone();
  }
  const [row] = await ctx.db
    .select({ share: workbookShares, organizationName: organizations.name })
    .from(workbookShares)
    .innerJoin(organizations, eq(organizations.id, workbookShares.organizationId))
    .where(and(eq(workbookShares.id, shareId), eq(workbookShares.workbookId, workbookId)));
  if (!row || row.share.revokedAt || row.share.expiresAt.getTime() <= Date.now()) throw gone();
  return {
    share: row.share,
    organizationName: row.organizationName,
    // a viewer of that organization: every read below is scoped by it, and writes are refused
    principal: {
      userId: row.share.createdBy ?? '',
      orgId: row.share.organizationId,
      roleId: '',
      role: 'viewer',
      via: 'jwt',
    },
  };
}

/** 404 for a tab the link does not show (the same answer as a tab that does not exist). */
export function assertSharedTab(access: ShareAccess, tab: string) {
  if (!access.share.tabs.includes(tab)) throw notFound('Tab not found');
}

export function assertFeedback(access: ShareAccess, status?: TReviewStatus) {
  if (!access.share.allowFeedback) throw forbidden('This preview link is read-only');
  if (status !== undefined && status !== 'APPROVED' && status !== 'FLAGGED')
    throw new FieldError(['body', 'status'], 'a customer may approve or flag a field');
}
