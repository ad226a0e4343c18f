import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { verify as verifyTotp } from 'otplib';
import type { AppContext, Principal } from '../../context.ts';
import { apiKeys, passwordResetTokens, roles, users } from '../../db/schema.ts';
import { AppError, badRequest, forbidden, unauthorized } from '../../lib/errors.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { bumpTokenVersion, findUserByEmail, findUserById, updateUser } from '../users/users.service.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import { createSession, findSessionCaller, revokeAllSessions, revokeSession } from './sessions.ts';
import type { Attempt, Throttle } from './throttle.ts';
import { issueToken, verifyToken } from './tokens.ts';

export const hashPassword = (password: string) => hash(password);

/** The password policy for a new password of this account: a 422 on `field` saying why it is refused. */
export const assertNewPassword = (
  ctx: AppContext,
  field: string,
  password: string,
  user: { email: string; name: string },
) =>
  assertPasswordAcceptable(field, password, {
    email: user.email,
    name: user.name,
    productName: ctx.config.PRODUCT_NAME,
  });

// Verifying against a fixed hash when the user does not exist keeps the timing of both answers alike.
let dummyHash: Promise<string> | undefined;

export async function checkTotp(secret: string, token: string) {
  try {
    const result = await verifyTotp({ secret, token, epochTolerance: 30 });
    return result.valid;
  } catch {
    return false;
  }
}

/**
 * Runs a credential check as one throttled attempt: a 400 (wrong password, bad code or token)
 * counts as a failure, a success clears the account's failures; anything else (a 422, a second
 * factor still due, a crash) neither counts nor clears.
 */
async function asAttempt<T>(attempt: Attempt, check: () => Promise<T>, neutral = (_: AppError) => false) {
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400 && !neutral(err)) attempt.failed();
    else attempt.neutral();
    throw err;
  }
  attempt.succeeded();
  return result;
}

type LoginInput = { username: string; password: string; token?: string; ip?: string; userAgent?: string };

export async function login(ctx: AppContext, input: LoginInput, throttle: Throttle) {
  const attempt = throttle.begin({ client: input.ip ?? '', account: input.username.trim().toLowerCase() });
  const user = await asAttempt(
    attempt,
    () => checkCredentials(ctx, input),
    (err) => err.detail === 'LOGIN_TOTP_REQUIRED',
  );
  await recordAudit(ctx.db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    action: 'login',
    ip: input.ip,
  });
  const sid = await createSession(ctx.db, { userId: user.id, userAgent: input.userAgent, ip: input.ip });
  const access_token = await issueToken(ctx.jwtSecret, ctx.config.TOKEN_TTL_SECONDS, {
    sub: user.id,
    org: user.organizationId,
    ver: user.tokenVersion,
    sid,
  });
  return { access_token, token_type: 'bearer' as const };
}

/** The user whose password (and second factor, when enrolled) this is; a 400 otherwise. */
async function checkCredentials(ctx: AppContext, input: LoginInput) {
  const user = await findUserByEmail(ctx.db, input.username);
  if (!user?.passwordHash) {
    dummyHash ??= hash('not-a-real-password');
    await verify(await dummyHash, input.password).catch(() => false);
    throw badRequest('LOGIN_BAD_CREDENTIALS');
  }
  if (!(await verify(user.passwordHash, input.password).catch(() => false))) {
    await recordAudit(ctx.db, {
      organizationId: user.organizationId,
      actorUserId: user.id,
      action: 'login.failed',
      ip: input.ip,
    });
    throw badRequest('LOGIN_BAD_CREDENTIALS');
  }
  if (user.totpEnabled && user.totpSecret) {
    if (!input.token) throw badRequest('LOGIN_TOTP_REQUIRED');
    if (!(await checkTotp(user.totpSecret, input.token))) throw badRequest('LOGIN_TOTP_INVALID');
  }
  return user;
}

/**
 * Staff-only: a token for another user. `email` must be the caller's own address (a second
 * check that the staff member means it); the token carries who impersonates whom.
 */
export async function impersonate(
  ctx: AppContext,
  caller: Principal,
  input: { email: string; impersonate_email: string; reason: string; ip?: string; userAgent?: string },
) {
  if (caller.role !== 'staff' || caller.via !== 'jwt' || caller.impersonatorId) {
    throw forbidden('Only internal staff may impersonate users');
  }
  const staff = await findUserById(ctx.db, caller.userId);
  if (!staff || staff.email.toLowerCase() !== input.email.toLowerCase()) {
    throw forbidden('The email does not match the signed-in staff account');
  }
  const target = await findUserByEmail(ctx.db, input.impersonate_email);
  if (!target) throw new AppError(404, 'No user with that email');
  await recordAudit(ctx.db, {
    organizationId: target.organizationId,
    actorUserId: target.id,
    impersonatorUserId: staff.id,
    action: 'impersonation.start',
    targetType: 'user',
    targetId: target.id,
    details: { staff_email: staff.email, impersonated_email: target.email, reason: input.reason },
    ip: input.ip,
  });
  const sid = await createSession(ctx.db, {
    userId: target.id,
    impersonatorUserId: staff.id,
    userAgent: input.userAgent,
    ip: input.ip,
  });
  const access_token = await issueToken(ctx.jwtSecret, Math.min(ctx.config.TOKEN_TTL_SECONDS, 3600), {
    sub: target.id,
    org: target.organizationId,
    ver: target.tokenVersion,
    sid,
    imp: staff.id,
  });
  return { access_token, token_type: 'bearer' as const };
}

/** Ends the caller's session only: the user stays signed in on their other devices. */
export async function logout(ctx: AppContext, caller: Principal) {
  if (caller.sessionId) await revokeSession(ctx.db, caller.sessionId);
  await recordAudit(ctx.db, {
    organizationId: caller.orgId,
    actorUserId: caller.userId,
    impersonatorUserId: caller.impersonatorId,
    action: 'logout',
  });
}

/**
 * Ends every session of the caller on every device. The token-version bump also refuses any
 * token that no session row could catch; the rows are revoked so the table tells the truth.
 */
export async function logoutEverywhere(ctx: AppContext, caller: Principal) {
  if (caller.impersonatorId) throw forbidden('An impersonation session cannot sign the user out everywhere');
  await endAllSessions(ctx, caller.userId);
  await recordAudit(ctx.db, {
    organizationId: caller.orgId,
    actorUserId: caller.userId,
    action: 'logout.everywhere',
  });
}

/** Password change and reset, and log out everywhere: no earlier token of the user works afterwards. */
export async function endAllSessions(ctx: AppContext, userId: string) {
  await bumpTokenVersion(ctx.db, userId);
  await revokeAllSessions(ctx.db, userId);
}

/** Creates a single-use reset token and returns the link (used by forgot-password and invites). */
export async function createResetLink(
  ctx: AppContext,
  userId: string,
  ttlSeconds = ctx.config.RESET_TOKEN_TTL_SECONDS,
) {
  const token = randomToken(32);
  await ctx.db.insert(passwordResetTokens).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  const base = ctx.config.PUBLIC_URL ?? `http://${ctx.config.HOST}:${ctx.config.PORT}`;
  return `${base.replace(/\/$/, '')}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export const FORGOT_PASSWORD_ANSWER =
  'If the address belongs to an account, a reset link has been sent to it.';

export async function forgotPassword(ctx: AppContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const link = await createResetLink(ctx, user.id);
    await ctx.mailer.send({
      to: user.email,
      subject: `Reset your ${ctx.config.PRODUCT_NAME} password`,
      text: `Someone asked to reset the password of this account.\n\nReset it here: ${link}\n\nThe link works once and expires in ${Math.round(ctx.config.RESET_TOKEN_TTL_SECONDS / 60)} minutes. If it wasn't you, ignore this message.`,
    });
    await recordAudit(ctx.db, {
      organizationId: user.organizationId,
      actorUserId: user.id,
      action: 'password.reset_requested',
    });
  }
  return { detail: FORGOT_PASSWORD_ANSWER };
}

/** Invite activation and password reset: a wrong token counts against the client's tries. */
export async function resetPassword(
  ctx: AppContext,
  input: { token: string; password: string; ip?: string },
  throttle: Throttle,
) {
  return asAttempt(throttle.begin({ client: input.ip ?? '' }), () => applyReset(ctx, input));
}

async function applyReset(ctx: AppContext, input: { token: string; password: string }) {
  const now = new Date();
  const [row] = await ctx.db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, sha256(input.token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  if (!row) throw badRequest('RESET_PASSWORD_BAD_TOKEN');
  const owner = await findUserById(ctx.db, row.userId);
  if (!owner) throw badRequest('RESET_PASSWORD_BAD_TOKEN');
  // Checked before the token is spent, so a refused password can be corrected with the same link.
  assertNewPassword(ctx, 'password', input.password, owner);
  // Mark used first and only if still unused, so two concurrent resets cannot both succeed.
  const used = await ctx.db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (used.length === 0) throw badRequest('RESET_PASSWORD_BAD_TOKEN');
  const user = await updateUser(ctx.db, row.userId, { passwordHash: await hashPassword(input.password) });
  if (!user) throw badRequest('RESET_PASSWORD_BAD_TOKEN');
  await endAllSessions(ctx, user.id);
  await recordAudit(ctx.db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    action: 'password.reset',
  });
  return { detail: 'Your password has been reset. You can now log in.' };
}

/** Resolves the caller from `Authorization: Bearer` or an organization API key header. */
export async function authenticate(
  ctx: AppContext,
  headers: { authorization?: string; apiKey?: string },
): Promise<Principal> {
  if (headers.apiKey) {
    // the key, its creator and the creator's role in one round trip (this runs on every request)
    const [key] = await ctx.db
      .select({
        id: apiKeys.id,
        organizationId: apiKeys.organizationId,
        revokedAt: apiKeys.revokedAt,
        lastUsedAt: apiKeys.lastUsedAt,
        userId: users.id,
        userOrgId: users.organizationId,
        roleId: users.roleId,
        role: roles.name,
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.createdBy))
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(apiKeys.keyHash, sha256(headers.apiKey)));
    if (!key || key.revokedAt || key.userOrgId !== key.organizationId) throw unauthorized('Invalid API key');
    // Tells admins which keys are still in use; at most once a minute, not a write per request.
    if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() > 60_000)
      await ctx.db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id));
    return {
      userId: key.userId,
      orgId: key.organizationId,
      roleId: key.roleId,
      role: key.role,
      via: 'apiKey',
      apiKeyId: key.id,
    };
  }
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  if (!match) throw unauthorized('Unauthorized');
  const claims = await verifyToken(ctx.jwtSecret, match[1]!);
  if (!claims) throw unauthorized('Unauthorized');
  const caller = await findSessionCaller(ctx.db, claims.sub, claims.sid);
  if (!caller || caller.tokenVersion !== claims.ver || caller.organizationId !== claims.org) {
    throw unauthorized('Unauthorized');
  }
  return {
    userId: caller.id,
    orgId: caller.organizationId,
    roleId: caller.roleId,
    role: caller.role,
    via: 'jwt',
    impersonatorId: claims.imp,
    sessionId: claims.sid,
  };
}
