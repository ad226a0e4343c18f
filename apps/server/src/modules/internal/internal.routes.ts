import {
  ZAuditPage,
  ZAuditQuery,
  ZInternalMemberList,
  ZInternalOrgPage,
  ZInternalOrgQuery,
  ZOrgSettings,
  ZOrgSettingsUpdate,
  ZUuid,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notWhileImpersonating, principalOf } from '../../plugins/auth.ts';
import * as internal from './internal.service.ts';

/** Staff-only views across organizations (`/api/internal/*`), and the own organization's switches. */
export async function internalRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  // refused before any input is looked at: a member learns nothing from a 422
  app.addHook('preValidation', async (req) => {
    if (req.url.startsWith('/api/internal')) internal.assertStaff(principalOf(req));
  });
  const tags = ['internal'];
  const params = z.object({ orgId: ZUuid });

  r.get(
    '/org/settings',
    {
      schema: {
        tags: ['org'],
        summary: "The organization's switches (demo flags, landing page)",
        response: { 200: ZOrgSettings },
      },
    },
    (req) => internal.ownOrgSettings(app.ctx, principalOf(req)),
  );
  r.get(
    '/internal/orgs',
    {
      schema: {
        tags,
        summary: 'Organizations with members, this month’s usage and flags (staff)',
        querystring: ZInternalOrgQuery,
        response: { 200: ZInternalOrgPage },
      },
    },
    (req) => internal.listInternalOrgs(app.ctx, principalOf(req), req.query),
  );
  r.get(
    '/internal/orgs/:orgId/members',
    {
      schema: {
        tags,
        summary: "An organization's members (staff)",
        params,
        response: { 200: ZInternalMemberList },
      },
    },
    (req) => internal.orgMembers(app.ctx, principalOf(req), req.params.orgId),
  );
  r.patch(
    '/internal/orgs/:orgId/settings',
    {
      config: notWhileImpersonating,
      schema: {
        tags,
        summary: "Set an organization's flags (staff; audited)",
        params,
        body: ZOrgSettingsUpdate,
        response: { 200: ZOrgSettings },
      },
    },
    (req) => internal.updateOrgSettings(app.ctx, principalOf(req), req.params.orgId, req.body),
  );
  r.get(
    '/internal/audit',
    {
      schema: {
        tags,
        summary: 'The audit trail (staff)',
        querystring: ZAuditQuery,
        response: { 200: ZAuditPage },
      },
    },
    (req) => internal.internalAudit(app.ctx, principalOf(req), req.query),
  );
}
