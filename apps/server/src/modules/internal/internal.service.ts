import { DEMO_FLAGS, type TInternalOrg, type TOrgSettings } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { auditTrail, recordAudit } from '../audit/audit.service.ts';
import { monthUsageOf } from '../usage/usage.service.ts';
import {
  listMembers,
  listOrgsWithMembers,
  orgExists,
  projectsLandingOrgIds,
  type SettingsRow,
  settingsOf,
  upsertSettings,
} from './internal.repository.ts';

export { projectsLandingOrgIds };

/** Internal settings are for Mapwright staff; an impersonation token is the user's view, so it is refused too. */
export function assertStaff(p: Principal) {
  if (p.role !== 'staff' || p.impersonatorId)
    throw forbidden('Only Mapwright staff may use internal settings');
}

const settingsDto = (row: SettingsRow | undefined): TOrgSettings => ({
  demos: Object.fromEntries(DEMO_FLAGS.map((f) => [f, row?.demos[f] === true])) as TOrgSettings['demos'],
  projects_landing: row?.projectsLanding ?? false,
});

/** The caller's organization's switches (every member reads them). */
export async function ownOrgSettings(ctx: AppContext, p: Principal) {
  const [row] = await settingsOf(ctx.db, [p.orgId]);
  return settingsDto(row);
}

export async function listInternalOrgs(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; q?: string },
) {
  assertStaff(p);
  const { rows, total } = await listOrgsWithMembers(ctx.db, {
    q: q.q,
    limit: q.size,
    offset: offsetOf(q.page, q.size),
  });
  const ids = rows.map((r) => r.id);
  const [settings, usage] = await Promise.all([settingsOf(ctx.db, ids), monthUsageOf(ctx, ids)]);
  const items: TInternalOrg[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    created_at: r.createdAt.toISOString(),
    member_count: r.members,
    usage: usage.get(r.id)!,
    settings: settingsDto(settings.find((s) => s.organizationId === r.id)),
  }));
  return pageOf(items, total, q.page, q.size);
}

async function existingOrg(ctx: AppContext, orgId: string) {
  if (!(await orgExists(ctx.db, orgId))) throw notFound('Organization not found');
}

export async function orgMembers(ctx: AppContext, p: Principal, orgId: string) {
  assertStaff(p);
  await existingOrg(ctx, orgId);
  const rows = await listMembers(ctx.db, orgId);
  return { items: rows.map((r) => ({ ...r, created_at: r.createdAt.toISOString(), createdAt: undefined })) };
}

/** Staff set an organization's flags; the change is audited with the before and after. */
export async function updateOrgSettings(
  ctx: AppContext,
  p: Principal,
  orgId: string,
  input: { demos?: Partial<TOrgSettings['demos']>; projects_landing?: boolean },
) {
  assertStaff(p);
  await existingOrg(ctx, orgId);
  const before = settingsDto((await settingsOf(ctx.db, [orgId]))[0]);
  const after: TOrgSettings = {
    demos: { ...before.demos, ...input.demos },
    projects_landing: input.projects_landing ?? before.projects_landing,
  };
  await ctx.db.transaction(async (tx) => {
    await upsertSettings(tx, orgId, { demos: after.demos, projectsLanding: after.projects_landing });
    await recordAudit(tx, {
      organizationId: orgId,
      actorUserId: p.userId,
      action: 'organization.settings_changed',
      targetType: 'organization',
      targetId: orgId,
      details: { before, after },
    });
  });
  return after;
}

export async function internalAudit(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; org_id?: string; action?: string },
) {
  assertStaff(p);
  const { items, total } = await auditTrail(ctx.db, q);
  return pageOf(items, total, q.page, q.size);
}
