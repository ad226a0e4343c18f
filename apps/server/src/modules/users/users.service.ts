import { verify } from '@node-rs/argon2';
import { generateSecret, generateURI } from 'otplib';
import type { AppContext, Principal } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { checkTotp, createResetLink, hashPassword } from '../auth/auth.service.ts';
import {
  bumpTokenVersion,
  countOrgUsersWithRole,
  deleteOrgUser,
  findOrgUser,
  findRoleById,
  findRoleByName,
  findUserByEmail,
  findUserById,
  insertUser,
  listOrgUsers,
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
  await updateUser(ctx.db, user.id, { passwordHash: await hashPassword(input.new_password) });
  await bumpTokenVersion(ctx.db, user.id);
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

async function assignableRole(ctx: AppContext, p: Principal, roleId: string) {
  const role = await findRoleById(ctx.db, roleId);
  if (!role) throw badRequest('Unknown role');
  // Only Mapwright staff hand out the internal staff role; only owners make owners.
  if (role.name === 'staff' && p.role !== 'staff')
    throw forbidden('Only internal staff may grant the staff role');
  if (role.name === 'owner' && !['owner', 'staff'].includes(p.role))
    throw forbidden('Only owners may grant the owner role');
  return role;
}

export async function inviteUser(
  ctx: AppContext,
  p: Principal,
  input: { email: string; name: string; role_id: string },
) {
  if (!isAdmin(p)) throw forbidden();
  await assignableRole(ctx, p, input.role_id);
  if (await findUserByEmail(ctx.db, input.email)) throw conflict('A user with this email already exists');
  const user = await insertUser(ctx.db, {
    organizationId: p.orgId,
    email: input.email.toLowerCase(),
    name: input.name,
    roleId: input.role_id,
  });
  const inviteLink = await createResetLink(ctx, user.id, 7 * 24 * 3600);
  await ctx.mailer.send({
    to: user.email,
    subject: `You're invited to ${ctx.config.PRODUCT_NAME}`,
    text: `You have been invited to ${ctx.config.PRODUCT_NAME}.\n\nSet your password here: ${inviteLink}\n\nThe link works once and expires in 7 days.`,
  });
  await audit(ctx, p, 'user.invited', user.id, { email: user.email });
  return { user: toUserDto(user), invite_link: inviteLink };
}

export async function changeUser(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { name?: string; role_id?: string },
) {
  const target = await findOrgUser(ctx.db, p.orgId, id);
  if (!target) throw notFound('User not found');
  if (!isAdmin(p)) throw forbidden();
  if (input.role_id && input.role_id !== target.roleId) {
    await assignableRole(ctx, p, input.role_id);
    await ensureNotLastOwner(ctx, p.orgId, target.roleId);
  }
  const user = await updateUser(ctx.db, id, { name: input.name, roleId: input.role_id });
  await audit(ctx, p, 'user.updated', id, { ...input });
  return toUserDto(user!);
}

async function ensureNotLastOwner(ctx: AppContext, orgId: string, currentRoleId: string) {
  const owner = await findRoleByName(ctx.db, 'owner');
  if (owner && currentRoleId === owner.id && (await countOrgUsersWithRole(ctx.db, orgId, owner.id)) <= 1) {
    throw conflict('An organization needs at least one owner');
  }
}

export async function removeUser(ctx: AppContext, p: Principal, id: string) {
  const target = await findOrgUser(ctx.db, p.orgId, id);
  if (!target) throw notFound('User not found');
  if (!isAdmin(p)) throw forbidden();
  if (target.id === p.userId) throw conflict('You cannot remove yourself');
  await ensureNotLastOwner(ctx, p.orgId, target.roleId);
  await deleteOrgUser(ctx.db, p.orgId, id);
  await audit(ctx, p, 'user.removed', id, { email: target.email });
}

/** What sign-in needs of users, through the service (never the repository). */
export {
  bumpTokenVersion,
  findRoleById,
  findUserByEmail,
  findUserById,
  updateUser,
} from './users.repository.ts';
