import {
  ZCreatedOrganization,
  ZCreateOrganizationRequest,
  ZOrganization,
  ZOrganizationPage,
  ZPageQuery,
  ZRolePage,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notWhileImpersonating, principalOf } from '../../plugins/auth.ts';
import * as orgs from './orgs.service.ts';

export async function orgsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const tags = ['org'];

  r.get(
    '/org',
    { schema: { tags, summary: "The caller's organization", response: { 200: ZOrganization } } },
    (req) => orgs.getOwnOrganization(app.ctx, principalOf(req)),
  );

  r.get(
    '/roles',
    {
      schema: {
        tags,
        summary: 'The role list (users point at it by role_id)',
        querystring: ZPageQuery,
        response: { 200: ZRolePage },
      },
    },
    (req) => orgs.listRoles(app.ctx, req.query),
  );

  r.get(
    '/orgs',
    {
      schema: {
        tags,
        summary: 'Every organization (Mapwright staff)',
        querystring: ZPageQuery,
        response: { 200: ZOrganizationPage },
      },
    },
    (req) => orgs.listAllOrganizations(app.ctx, principalOf(req), req.query),
  );

  r.post(
    '/orgs',
    {
      config: notWhileImpersonating,
      schema: {
        tags,
        summary: 'Open an organization and invite its first owner (Mapwright staff)',
        body: ZCreateOrganizationRequest,
        response: { 201: ZCreatedOrganization },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await orgs.createOrganization(app.ctx, principalOf(req), req.body)),
  );
}
