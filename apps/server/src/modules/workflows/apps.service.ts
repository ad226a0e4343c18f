import { randomUUID } from 'node:crypto';
import type { TSourceApp, ZCreateAuthenticatedAppRequest } from '@mapwright/contracts';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import * as repo from './apps.repository.ts';
import { sampleFinanceApp } from './catalogue.ts';
import { appDto } from './dto.ts';
import { encryptSecret } from './secret-box.ts';

/** Authenticated apps (spec §3): connections to external APIs; secrets encrypted, never returned. */

export async function listApps(ctx: AppContext, p: Principal) {
  return { items: (await repo.listApps(ctx.db, p.orgId)).map(appDto) };
}

export async function connectApp(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof ZCreateAuthenticatedAppRequest>,
) {
  assertCanWrite(p);
  const id = randomUUID();
  const { settings, secret } =
    input.kind === 'api_key'
      ? { settings: { headerName: input.headerName }, secret: input.apiKey }
      : {
          settings: { tokenUrl: input.tokenUrl, clientId: input.clientId, scope: input.scope },
          secret: input.clientSecret,
        };
  const row = await repo.insertApp(ctx.db, {
    id,
    organizationId: p.orgId,
    name: input.name,
    logo: input.logo,
    kind: input.kind,
    baseUrl: input.baseUrl,
    settings,
    secretEncrypted: encryptSecret(ctx.jwtSecret, secret, id),
    createdBy: p.userId,
  });
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'authenticated_app.connected',
    targetType: 'authenticated_app',
    targetId: id,
    details: { name: input.name, kind: input.kind },
  });
  return appDto(row);
}

export async function disconnectApp(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findApp(ctx.db, p.orgId, id);
  if (!row) throw notFound('Authenticated app not found');
  assertCanWrite(p);
  await repo.deleteApp(ctx.db, p.orgId, id);
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'authenticated_app.disconnected',
    targetType: 'authenticated_app',
    targetId: id,
    details: { name: row.name },
  });
}

/** The palette: the built-in sample API with its catalogue, then the organization's connections. */
export async function listSourceApps(ctx: AppContext, p: Principal): Promise<{ items: TSourceApp[] }> {
  const connected = await repo.listApps(ctx.db, p.orgId);
  return {
    items: [
      sampleFinanceApp(),
      ...connected.map((a) => ({
        id: a.id,
        name: a.name,
        logo: a.logo,
        description: `Connected ${a.kind === 'api_key' ? 'with an API key' : 'with OAuth2 client credentials'}; enter endpoint paths on ${a.baseUrl}`,
        kind: 'authenticated' as const,
        baseUrl: a.baseUrl,
        catalogueUrl: null,
        endpoints: [],
      })),
    ],
  };
}

export async function getSourceApp(ctx: AppContext, p: Principal, id: string) {
  const app = (await listSourceApps(ctx, p)).items.find((a) => a.id === id);
  if (!app) throw notFound('Source app not found');
  return app;
}
