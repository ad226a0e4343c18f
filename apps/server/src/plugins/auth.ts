import { ADMIN_ROLES } from '@mapwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, Principal } from '../context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { authenticate } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook: the caller must be signed in (bearer JWT or API key) */
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook factory: signed in AND one of these roles */
    requireRole: (roles: readonly string[]) => (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

/** The caller of a route registered with `onRequest: app.authenticate`. */
export function principalOf(req: FastifyRequest): Principal {
  if (!req.principal) throw unauthorized();
  return req.principal;
}

export const isAdmin = (p: Principal) => (ADMIN_ROLES as readonly string[]).includes(p.role);

export function registerAuth(app: FastifyInstance) {
  app.decorateRequest('principal', null);
  const auth = async (req: FastifyRequest) => {
    const apiKey = req.headers['x-api-key'] ?? req.headers['lume-api-key'];
    req.principal = await authenticate(app.ctx, {
      authorization: req.headers.authorization,
      apiKey: Array.isArray(apiKey) ? apiKey[0] : apiKey,
    });
  };
  app.decorate('authenticate', auth);
  app.decorate('requireRole', (roles: readonly string[]) => async (req: FastifyRequest) => {
    await auth(req);
    if (!roles.includes(req.principal!.role)) throw forbidden();
  });
}

/** Viewers read; everyone else may create and change the organization's data. */
export function assertCanWrite(p: Principal) {
  if (p.role === 'viewer') throw forbidden('Viewers cannot change data');
}
