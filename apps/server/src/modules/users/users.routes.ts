import {
  ZChangePasswordRequest,
  ZImpersonationPage,
  ZInviteUserRequest,
  ZInviteUserResponse,
  ZPageQuery,
  ZTotpCodeRequest,
  ZTotpSetupResponse,
  ZUpdateUserRequest,
  ZUser,
  ZUserPage,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notWhileImpersonating, principalOf } from '../../plugins/auth.ts';
import * as users from './users.service.ts';

const ZId = z.object({ id: z.uuid() });

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const me = { tags: ['me'] };
  const admin = { tags: ['users'] };

  for (const url of ['/me', '/users/me']) {
    r.get(url, { schema: { ...me, summary: 'The logged user', response: { 200: ZUser } } }, (req) =>
      users.getMe(app.ctx, principalOf(req)),
    );
  }
  r.patch(
    '/me',
    {
      config: notWhileImpersonating,
      schema: {
        ...me,
        summary: 'Rename yourself',
        body: z.object({ name: z.string().trim().min(1).max(200) }),
        response: { 200: ZUser },
      },
    },
    (req) => users.updateMe(app.ctx, principalOf(req), req.body),
  );
  r.post(
    '/me/password',
    {
      config: notWhileImpersonating,
      schema: {
        ...me,
        summary: 'Change your password (signs out other sessions)',
        body: ZChangePasswordRequest,
      },
    },
    async (req, reply) => {
      await users.changePassword(app.ctx, principalOf(req), req.body);
      return reply.code(204).send();
    },
  );
  r.post(
    '/me/totp/setup',
    {
      config: notWhileImpersonating,
      schema: { ...me, summary: 'Start TOTP enrolment', response: { 200: ZTotpSetupResponse } },
    },
    (req) => users.setupTotp(app.ctx, principalOf(req)),
  );
  r.post(
    '/me/totp/enable',
    {
      config: notWhileImpersonating,
      schema: { ...me, summary: 'Confirm TOTP with a code', body: ZTotpCodeRequest },
    },
    async (req, reply) => {
      await users.enableTotp(app.ctx, principalOf(req), req.body.token);
      return reply.code(204).send();
    },
  );
  r.post(
    '/me/totp/disable',
    {
      config: notWhileImpersonating,
      schema: { ...me, summary: 'Turn TOTP off (needs a code)', body: ZTotpCodeRequest },
    },
    async (req, reply) => {
      await users.disableTotp(app.ctx, principalOf(req), req.body.token);
      return reply.code(204).send();
    },
  );

  r.get(
    '/me/impersonations',
    {
      schema: {
        ...me,
        summary: 'Who impersonated you, and when (newest first)',
        querystring: ZPageQuery,
        response: { 200: ZImpersonationPage },
      },
    },
    (req) => users.listImpersonations(app.ctx, principalOf(req), req.query),
  );

  r.get(
    '/users',
    {
      schema: {
        ...admin,
        summary: 'Members of your organization',
        querystring: ZPageQuery,
        response: { 200: ZUserPage },
      },
    },
    (req) => users.listUsers(app.ctx, principalOf(req), req.query),
  );
  r.post(
    '/users',
    {
      config: notWhileImpersonating,
      schema: {
        ...admin,
        summary: 'Invite a member (admins)',
        body: ZInviteUserRequest,
        response: { 201: ZInviteUserResponse },
      },
    },
    async (req, reply) => reply.code(201).send(await users.inviteUser(app.ctx, principalOf(req), req.body)),
  );
  r.patch(
    '/users/:id',
    {
      config: notWhileImpersonating,
      schema: {
        ...admin,
        summary: "Change a member's name or role (admins)",
        params: ZId,
        body: ZUpdateUserRequest,
        response: { 200: ZUser },
      },
    },
    (req) => users.changeUser(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/users/:id',
    {
      config: notWhileImpersonating,
      schema: { ...admin, summary: 'Remove a member (admins)', params: ZId },
    },
    async (req, reply) => {
      await users.removeUser(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
