import {
  ZErrorDetail,
  ZForgotPasswordRequest,
  ZImpersonateRequest,
  ZLoginForm,
  ZResetPasswordRequest,
  ZTokenResponse,
} from '@mapwright/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

const tags = ['auth'];

/** Throttle per client address and account, so one attacker can't lock out everyone or brute-force one user. */
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

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limit = app.ctx.config.LOGIN_RATE_LIMIT_PER_MINUTE;

  r.post(
    '/auth/jwt/login',
    {
      config: limitByIpAndUser(limit),
      schema: {
        tags,
        summary: 'Log in with email and password (form data), plus a TOTP code when enrolled',
        consumes: ['application/x-www-form-urlencoded'],
        body: ZLoginForm,
        response: { 200: ZTokenResponse, 400: ZErrorDetail },
      },
    },
    (req) => login(app.ctx, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] }),
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
        response: { 200: ZErrorDetail, 400: ZErrorDetail },
      },
    },
    (req) => resetPassword(app.ctx, req.body),
  );
}
