import { ADMIN_ROLES } from '@mapwright/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext, Principal } from '../context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { recordAudit } from '../modules/audit/audit.service.ts';
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
  interface FastifyContextConfig {
    /** the route mints or changes credentials or identity: refused under an impersonation token */
    notWhileImpersonating?: boolean;
  }
}

export const IMPERSONATION_DENIED = 'Not allowed while impersonating a user';

/**
 * Route option for everything that mints or changes credentials or identity (API keys,
 * passwords, second factor, sessions, members and their roles): an impersonation is a bounded
 * look over the user's shoulder, never a way to keep access or take the account over.
 * Usage: `r.post(url, { config: notWhileImpersonating, schema }, handler)`.
 */
export const notWhileImpersonating = { notWhileImpersonating: true } as const;

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
  registerImpersonationBounds(app);
}

/**
 * The one place impersonation is bounded. preValidation runs after every onRequest hook, so the
 * principal is known, and before the body is validated, so the refusal does not depend on it.
 */
function registerImpersonationBounds(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.routeOptions.config?.notWhileImpersonating && req.principal?.impersonatorId) {
      throw forbidden(IMPERSONATION_DENIED);
    }
  });
  // Every change made under impersonation is recorded with both users, refused ones included,
  // so the impersonated user and their admins can see what staff did in their name. onSend (not
  // onResponse) so the record is written before the answer leaves: no change goes unrecorded.
  app.addHook('onSend', async (req, reply, payload) => {
    const p = req.principal;
    if (!p?.impersonatorId || ['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return payload;
    await recordAudit(app.ctx.db, {
      organizationId: p.orgId,
      actorUserId: p.userId,
      impersonatorUserId: p.impersonatorId,
      action: 'impersonation.request',
      targetType: 'route',
      targetId: `${req.method} ${req.routeOptions.url ?? req.url}`,
      details: { method: req.method, url: req.url, status: reply.statusCode },
      ip: req.ip,
    }).catch((err) => req.log.error({ err }, 'could not audit an impersonated request'));
    return payload;
  });
}

/** Viewers read; everyone else may create and change the organization's data. */
export function assertCanWrite(p: Principal) {
  if (p.role === 'viewer') throw forbidden('Viewers cannot change data');
}
