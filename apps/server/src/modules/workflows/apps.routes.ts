import {
  ZAuthenticatedApp,
  ZAuthenticatedAppList,
  ZCreateAuthenticatedAppRequest,
  ZErrorDetail,
  ZSourceApp,
  ZSourceAppList,
  ZValidationError,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as apps from './apps.service.ts';

/** The builder's palette (source apps and their endpoints) and authenticated apps. */
export async function workflowAppsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['workflow apps'];

  r.get(
    '/workflows/apps',
    {
      schema: {
        tags,
        summary:
          'Source apps for the palette: the built-in sample finance API (with its endpoints) and connected apps',
        response: { 200: ZSourceAppList },
      },
    },
    (req) => apps.listSourceApps(ctx, principalOf(req)),
  );
  r.get(
    '/workflows/apps/:appId',
    {
      schema: {
        tags,
        summary: "One source app with its endpoints' parameters and response schemas",
        params: z.object({ appId: z.string().max(64) }),
        response: { 200: ZSourceApp, 404: ZErrorDetail },
      },
    },
    (req) => apps.getSourceApp(ctx, principalOf(req), req.params.appId),
  );
  r.get(
    '/workflows/authenticated-apps',
    {
      schema: {
        tags,
        summary: 'Connected apps (secrets are never returned)',
        response: { 200: ZAuthenticatedAppList },
      },
    },
    (req) => apps.listApps(ctx, principalOf(req)),
  );
  r.post(
    '/workflows/authenticated-apps',
    {
      schema: {
        tags,
        summary: 'Connect an app with an API key or OAuth2 client credentials (stored encrypted)',
        body: ZCreateAuthenticatedAppRequest,
        response: { 201: ZAuthenticatedApp, 422: ZValidationError },
      },
    },
    async (req, reply) => reply.code(201).send(await apps.connectApp(ctx, principalOf(req), req.body)),
  );
  r.delete(
    '/workflows/authenticated-apps/:id',
    {
      schema: {
        tags,
        summary: 'Disconnect an app (its secret is deleted)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (req, reply) => {
      await apps.disconnectApp(ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
