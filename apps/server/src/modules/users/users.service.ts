import { randomUUID } from 'node:crypto';
import { roleRank } from '@mapwright/contracts';
import { verify } from '@node-rs/argon2';
import { generateSecret, generateURI } from 'otplib';
import type { AppContext, Principal } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { randomToken } from '../../lib/secrets.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { impersonationsOf, recordAudit } from '../audit/audit.service.ts';
import {
  assertNewPassword,
  checkTotp,
  createResetLink,
  endAllSessions,
  hashPassword,
} from '../auth/auth.service.ts';
import {
  countOrgUsersWithRole,
  deleteOrgUser,
  findOrgUser,
  findRoleById,
  findRoleByName,
  findUserByEmail,
  findUserById,
  insertUser,
  listOrgUsers,
  lockOrganization,
  toUserDto,
  updateUser,
} from './users.repository.ts';

const audit = (
  ctx: AppContext,
  p: Principal,
  action: string,
  targetId: string,
  details: Record<string, unknown> = {},
) =>
  recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action,
    targetType: 'user',
    targetId,
    details,
  });

export async function getMe(ctx: AppContext, p: Principal) {
  const user = await findUserById(ctx.db, p.userId);
  if (!user) throw notFound('User not found');
  let impersonatedBy: string | null = null;
  if (p.impersonatorId) impersonatedBy = (await findUserById(ctx.db, p.impersonatorId))?.email ?? 'staff';
  return toUserDto(user, impersonatedBy);
}

export async function updateMe(ctx: AppContext, p: Principal, input: { name: string }) {
  const user = await updateUser(ctx.db, p.userId, { name: input.name });
  if (!user) throw notFound('User not found');
  return toUserDto(user);
}

export async function changePassword(
  ctx: AppContext,
  p: Principal,
  input: { current_password: string; new_password: string },
) {
  const user = await findUserById(ctx.db, p.userId);
  if (!user?.passwordHash || !(await verify(user.passwordHash, input.current_password).catch(() => false))) {
    throw badRequest('The current password is wrong');
  }
  assertNewPassword(ctx, 'new_password', input.new_password, user);
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.new_password) });
  await endAllSessions(ctx, user.id);
  await audit(ctx, p, 'password.changed', user.id);
}

/** Step 1 of TOTP enrolment: a fresh secret, stored but not enforced until confirmed with a code. */
export async function setupTotp(ctx: AppContext, p: Principal) {
  const user = await findUserById(ctx.db, p.userId);
  if (!user) throw notFound('User not found');
  if (user.totpEnabled) throw conflict('Two-factor authentication is already enabled');
  const secret = generateSecret();
  await updateUser(ctx.db, user.id, { totpSecret: secret });
  return { secret, otpauth_url: generateURI({ issuer: ctx.config.PRODUCT_NAME, label: user.email, secret }) };
}

export async function enableTotp(ctx: AppContext, p: Principal, token: string) {
  const user = await findUserById(ctx.db, p.userId);
  if (!user?.totpSecret) throw badRequest('Start the two-factor setup first');
  if (!(await checkTotp(user.totpSecret, token)))
    throw badRequest('The code is not valid; check your device clock');
  await updateUser(ctx.db, user.id, { totpEnabled: true });
  await audit(ctx, p, 'totp.enabled', user.id);
}

export async function disableTotp(ctx: AppContext, p: Principal, token: string) {
  const user = await findUserById(ctx.db, p.userId);
  if (!user?.totpEnabled || !user.totpSecret) throw badRequest('Two-factor authentication is not enabled');
  if (!(await checkTotp(user.totpSecret, token)))
    throw badRequest('The code is not valid; check your device clock');
  await updateUser(ctx.db, user.id, { totpEnabled: false, totpSecret: null });
  await audit(ctx, p, 'totp.disabled', user.id);
}

export async function listUsers(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  const { rows, total } = await listOrgUsers(ctx.db, p.orgId, q.size, offsetOf(q.page, q.size));
  return pageOf(
    rows.map((u) => toUserDto(u)),
    total,
    q.page,
    q.size,
  );
}

/** The rank of a role row; one without a known name ranks lowest. */
async function rankOfRoleId(ctx: AppContext, roleId: string) {
  return roleRank((await findRoleById(ctx.db, roleId))?.name ?? '');
}

async function assignableRole(ctx: AppContext, p: Principal, roleId: string) {
  const role = await findRoleById(ctx.db, roleId);
  if (!role) throw badRequest('Unknown role');
  // Only Mapwright staff hand out the internal staff role; nobody grants a rank above their own.
  if (role.name === 'staff' && p.role !== 'staff')
    throw forbidden('Only internal staff may grant the staff role');
  if (roleRank(role.name) > roleRank(p.role))
    throw forbidden(`Your role (${p.role}) cannot grant the ${role.name} role`);
  return role;
}

/** Members are managed by admins and up, and only those ranked no higher than the caller. */
async function manageableMember(ctx: AppContext, p: Principal, id: string, verb: string) {
  const target = await findOrgUser(ctx.db, p.orgId, id);
  if (!target) throw notFound('User not found');
  if (!isAdmin(p)) throw forbidden();
  const rank = await rankOfRoleId(ctx, target.roleId);
  if (rank > roleRank(p.role))
    throw forbidden(`Your role (${p.role}) cannot ${verb} a member ranked above it`);
  return target;
}

export async function inviteUser(
  ctx: AppContext,
  p: Principal,
  input: { email: string; name: string; role_id: string },
) {
  if (!isAdmin(p)) throw forbidden();
  await assignableRole(ctx, p, input.role_id);
  const existing = await findUserByEmail(ctx.db, input.email);
  // The caller sees their own members anyway; an account elsewhere must not be revealed.
  if (existing?.organizationId === p.orgId) throw conflict('A user with this email already exists');
  if (existing) return inviteAccountElsewhere(ctx, p, input);
  const { user, inviteLink } = await createInvitedMember(ctx, p, { orgId: p.orgId, ...input });
  return { user: toUserDto(user), invite_link: inviteLink };
}

/**
 * An address belongs to one organization. Inviting one that already has an account elsewhere is
 * answered like any invite (a pending member and a link), so no admin learns which addresses
 * exist in other organizations; the address's owner is told by mail, and the link, like an
 * expired one, does nothing. The audit log keeps what really happened.
 */
async function inviteAccountElsewhere(
  ctx: AppContext,
  p: Principal,
  input: { email: string; name: string; role_id: string },
) {
  const email = input.email.toLowerCase();
  const id = randomUUID();
  await ctx.mailer.send({
    to: email,
    subject: `You're invited to ${ctx.config.PRODUCT_NAME}`,
    text: `Someone invited this address to another organization on ${ctx.config.PRODUCT_NAME}.\n\nThis address already has an account, and an address can belong to one organization, so the invitation cannot be accepted with it. If you want to join, ask them to invite another address of yours. Otherwise, ignore this message.`,
  });
  await audit(ctx, p, 'user.invite_declined', id, { email, reason: 'account_in_another_organization' });
  const user = {
    id,
    email,
    name: input.name,
    created_at: new Date().toISOString(),
    role_id: input.role_id,
    organization_id: p.orgId,
    totp_enabled: false,
    impersonated_by: null,
  };
  return { user, invite_link: await inviteLinkLike(ctx) };
}

/** A link shaped like a real invite link whose token is stored nowhere. */
async function inviteLinkLike(ctx: AppContext) {
  const base = ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}`;
  return `${base.replace(/\/$/, '')}/auth/reset-password?token=${encodeURIComponent(randomToken(32))}`;
}

/**
 * A member without a password yet, and the mailed single-use link that sets it (7 days). Used
 * for invites and for the first owner of a new organization. The address must be free.
 */
export async function createInvitedMember(
  ctx: AppContext,
  inviter: Principal,
  input: { orgId: string; email: string; name: string; role_id: string; orgName?: string },
) {
  const user = await insertUser(ctx.db, {
    organizationId: input.orgId,
    email: input.email.toLowerCase(),
    name: input.name,
    roleId: input.role_id,
  });
  const inviteLink = await createResetLink(ctx, user.id, 7 * 24 * 3600);
  const where = input.orgName
    ? `the ${input.orgName} organization on ${ctx.config.PRODUCT_NAME}`
    : ctx.config.PRODUCT_NAME;
  await ctx.mailer.send({
    to: user.email,
    subject: `You're invited to ${ctx.config.PRODUCT_NAME}`,
    text: `You have been invited to ${where}.\n\nSet your password here: ${inviteLink}\n\nThe link works once and expires in 7 days.`,
  });
  await recordAudit(ctx.db, {
    organizationId: input.orgId,
    actorUserId: inviter.userId,
    impersonatorUserId: inviter.impersonatorId,
    action: 'user.invited',
    targetType: 'user',
    targetId: user.id,
    details: { email: user.email },
  });
  return { user, inviteLink };
}

export async function changeUser(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { name?: string; role_id?: string },
) {
  const target = await manageableMember(ctx, p, id, 'change');
  const changesRole = input.role_id !== undefined && input.role_id !== target.roleId;
  if (changesRole) await assignableRole(ctx, p, input.role_id!);
  const user = await ctx.db.transaction(async (tx) => {
    if (changesRole) await ensureNotLastOwner(tx, p.orgId, target.roleId);
    return updateUser(tx, id, { name: input.name, roleId: input.role_id });
  });
  if (!user) throw notFound('User not found');
  await audit(ctx, p, 'user.updated', id, { ...input });
  return toUserDto(user);
}

/** Call inside a transaction: locks the organization, then refuses to drop its last owner. */
async function ensureNotLastOwner(db: Db, orgId: string, currentRoleId: string) {
  const owner = await findRoleByName(db, 'owner');
  if (!owner || currentRoleId !== owner.id) return;
  await lockOrganization(db, orgId);
  if ((await countOrgUsersWithRole(db, orgId, owner.id)) <= 1) {
    throw conflict('An organization needs at least one owner');
  }
}

export async function removeUser(ctx: AppContext, p: Principal, id: string) {
  const target = await manageableMember(ctx, p, id, 'remove');
  if (target.id === p.userId) throw conflict('You cannot remove yourself');
  await ctx.db.transaction(async (tx) => {
    await ensureNotLastOwner(tx, p.orgId, target.roleId);
    await deleteOrgUser(tx, p.orgId, id);
  });
  await audit(ctx, p, 'user.removed', id, { email: target.email });
}

export async function listImpersonations(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  const { items, total } = await impersonationsOf(ctx.db, p.userId, q.size, offsetOf(q.page, q.size));
  return pageOf(items, total, q.page, q.size);
}

/** What sign-in and organizations need of users, through the service (never the repository). */
export {
  bumpTokenVersion,
  findRoleById,
  findRoleByName,
  findUserByEmail,
  findUserById,
  toUserDto,
  updateUser,
} from './users.repository.ts';
