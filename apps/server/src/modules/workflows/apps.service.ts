import { randomUUID } from 'node:crypto';
import {
  SAMPLE_SOURCE_APP,
  type TSourceApp,
  type ZCreateAuthenticatedAppRequest,
} from '@mapwright/contracts';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { encryptSecret } from '../../lib/secret-box.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { catalogueOf, forgetCatalogue } from './app-catalogue.ts';
import * as repo from './apps.repository.ts';
import { sampleFinanceApp } from './catalogue.ts';
import { appDto } from './dto.ts';

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
    catalogueUrl: input.catalogueUrl,
    settings,
    secretEncrypted: encryptSecret(ctx.jwtSecret, secret, id),
    createdBy: p.userId,
  });
  forgetCatalogue(ctx, id);
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
  forgetCatalogue(ctx, id);
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

/**
 * A connected app in the palette: the endpoints of its OpenAPI catalogue when it has one (read
 * through app-catalogue.ts, cached; a catalogue that cannot be read gives no endpoints and a
 * catalogueError, never a failed list), otherwise none: paths are entered by hand.
 */
async function connectedSourceApp(ctx: AppContext, a: repo.AppRow): Promise<TSourceApp> {
  const { endpoints, error } = await catalogueOf(ctx, a);
  const how = a.kind === 'api_key' ? 'with an API key' : 'with OAuth2 client credentials';
  const n = endpoints.length;
  return {
    id: a.id,
    name: a.name,
    logo: a.logo,
    description:
      n > 0
        ? `Connected ${how}; ${n} endpoint${n === 1 ? '' : 's'} from its OpenAPI catalogue, called on ${a.baseUrl}`
        : `Connected ${how}; enter endpoint paths on ${a.baseUrl}`,
    kind: 'authenticated',
    baseUrl: a.baseUrl,
    catalogueUrl: a.catalogueUrl,
    catalogueError: error,
    endpoints,
  };
}

/** The palette: the built-in sample API with its catalogue, then the organization's connections. */
export async function listSourceApps(ctx: AppContext, p: Principal): Promise<{ items: TSourceApp[] }> {
  const connected = await repo.listApps(ctx.db, p.orgId);
  return {
    items: [sampleFinanceApp(), ...(await Promise.all(connected.map((a) => connectedSourceApp(ctx, a))))],
  };
}

export async function getSourceApp(ctx: AppContext, p: Principal, id: string): Promise<TSourceApp> {
  if (id === SAMPLE_SOURCE_APP) return sampleFinanceApp();
  const row = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findApp(ctx.db, p.orgId, id) : undefined;
  if (!row) throw notFound('Source app not found');
  return connectedSourceApp(ctx, row);
}
