import type { AppContext, Principal } from '../../context.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createInvitedMember, findRoleByName, findUserByEmail, toUserDto } from '../users/users.service.ts';
import {
  findOrganization,
  insertOrganization,
  listOrganizations,
  listRolesPage,
  toOrganizationDto,
} from './orgs.repository.ts';

/** Organizations are opened by Mapwright staff (customers do not sign themselves up). */
function assertStaff(p: Principal) {
  if (p.role !== 'staff') throw forbidden('Only Mapwright staff may manage organizations');
}

export async function getOwnOrganization(ctx: AppContext, p: Principal) {
  const org = await findOrganization(ctx.db, p.orgId);
  if (!org) throw notFound('Organization not found');
  return toOrganizationDto(org);
}

export async function listRoles(ctx: AppContext, q: { page: number; size: number }) {
  const { items, total } = await listRolesPage(ctx.db, q.size, offsetOf(q.page, q.size));
  return pageOf(items, total, q.page, q.size);
}

export async function listAllOrganizations(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  assertStaff(p);
  const { rows, total } = await listOrganizations(ctx.db, q.size, offsetOf(q.page, q.size));
  return pageOf(rows.map(toOrganizationDto), total, q.page, q.size);
}

/**
 * A new, empty organization whose first owner is invited like any member: the mailed link lets
 * them set a password, and they are its owner from their first login. Both are written in one
 * transaction, so an organization never exists without its owner.
 */
export async function createOrganization(
  ctx: AppContext,
  p: Principal,
  input: { name: string; owner_email: string; owner_name?: string },
) {
  assertStaff(p);
  // Staff may know which addresses exist (they can impersonate any of them).
  if (await findUserByEmail(ctx.db, input.owner_email))
    throw conflict('A user with this email already exists; an address belongs to one organization');
  const owner = await findRoleByName(ctx.db, 'owner');
  if (!owner) throw new Error('the owner role is missing (seed not run?)');
  const created = await ctx.db.transaction(async (db) => {
    const org = await insertOrganization(db, input.name);
    const { user, inviteLink } = await createInvitedMember({ ...ctx, db }, p, {
      orgId: org.id,
      orgName: org.name,
      email: input.owner_email,
      name: input.owner_name ?? input.owner_email.split('@')[0]!,
      role_id: owner.id,
    });
    return { org, user, inviteLink };
  });
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'organization.created',
    targetType: 'organization',
    targetId: created.org.id,
    details: { name: created.org.name, owner_email: created.user.email },
  });
  return {
    organization: toOrganizationDto(created.org),
    owner: toUserDto(created.user),
    invite_link: created.inviteLink,
  };
}
