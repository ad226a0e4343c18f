import {
  ZErrorDetail,
  ZForgotPasswordRequest,
  ZImpersonateRequest,
  ZLoginForm,
  ZResetPasswordRequest,
  ZTokenResponse,
} from '@mapwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import {
  forgotPassword,
  impersonate,
  login,
  logout,
  logoutEverywhere,
  resetPassword,
} from './auth.service.ts';
import { createThrottle, TooManyAttempts } from './throttle.ts';

const tags = ['auth'];

/** Forgot-password sends mail: a plain limit per client address and account keeps it from being a mail cannon. */
const limitByIpAndUser = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => {
      const body = (req.body ?? {}) as { username?: unknown; email?: unknown };
      const who =
        typeof body.username === 'string' ? body.username : typeof body.email === 'string' ? body.email : '';
      return `${req.ip}|${who.toLowerCase()}`;
    },
  },
});

/** A refused attempt answers 429 with Retry-After (the error handler writes the body). */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof TooManyAttempts) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.ctx;
  const limit = config.LOGIN_RATE_LIMIT_PER_MINUTE;
  // one per app (per process): see throttle.ts for why in memory
  const throttle = createThrottle({
    perClientPerMinute: limit,
    freeFailures: config.LOGIN_FREE_FAILURES,
    maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
  });

  r.post(
    '/auth/jwt/login',
    {
      schema: {
        tags,
        summary: 'Log in with email and password (form data), plus a TOTP code when enrolled',
        description:
          'Throttled per client address and per account: 429 with Retry-After when too many tries failed.',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZLoginForm,
        response: { 200: ZTokenResponse, 400: ZErrorDetail, 429: ZErrorDetail },
      },
    },
    (req, reply) =>
      withRetryAfter(reply, () =>
        login(app.ctx, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] }, throttle),
      ),
  );

  r.post(
    '/auth/jwt/logout',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'End this session (the user stays signed in on other devices)' },
    },
    async (req, reply) => {
      await logout(app.ctx, principalOf(req));
      return reply.code(204).send();
    },
  );

  r.post(
    '/auth/jwt/logout-all',
    {
      onRequest: app.authenticate,
      schema: { tags, summary: 'End every session of this user on every device' },
    },
    async (req, reply) => {
      await logoutEverywhere(app.ctx, principalOf(req));
      return reply.code(204).send();
    },
  );

  r.post(
    '/auth/jwt/impersonate/verify',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Internal staff: get a token acting as another user (audited)',
        body: ZImpersonateRequest,
        response: { 200: ZTokenResponse },
      },
    },
    (req) =>
      impersonate(app.ctx, principalOf(req), {
        ...req.body,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      }),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: limitByIpAndUser(limit),
      schema: {
        tags,
        summary: 'Send a password-reset link (same answer whether or not the email exists)',
        body: ZForgotPasswordRequest,
        response: { 202: ZErrorDetail },
      },
    },
    async (req, reply) => reply.code(202).send(await forgotPassword(app.ctx, req.body.email)),
  );

  r.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset token; revokes earlier tokens',
        body: ZResetPasswordRequest,
        response: { 200: ZErrorDetail, 400: ZErrorDetail, 429: ZErrorDetail },
      },
    },
    (req, reply) =>
      withRetryAfter(reply, () => resetPassword(app.ctx, { ...req.body, ip: req.ip }, throttle)),
  );
}
