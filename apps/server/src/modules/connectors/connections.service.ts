import { randomUUID } from 'node:crypto';
import type {
  TConnection,
  TConnectionCheck,
  ZCreateConnectionRequest,
  ZTestConnectionRequest,
  ZUpdateConnectionRequest,
} from '@mapwright/contracts';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { conflict, FieldError, notFound } from '../../lib/errors.ts';
import { decryptSecret, encryptSecret } from '../../lib/secret-box.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './connectors.repository.ts';
import { connectorContext } from './context.ts';
import {
  type Connector,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type JsonSchema,
  type Settings,
} from './contract.ts';
import { connectors, findConnector } from './registry.ts';
import { checkChoices, checkTargetFree, saveWithTarget, targetColumnOf } from './settings-rules.ts';

/*
 * Connections: a connector's settings for one organization. The secret fields named by the
 * connector's spec are split off and stored encrypted (lib/secret-box.ts, bound to the row id);
 * the API only says which are set. Settings are validated against the connector's JSON Schema.
 */

const ICONS: Record<string, string> = {
  postgres: 'database',
  mysql: 'database',
  rest: 'api',
  s3: 'bucket',
  webhook: 'webhook',
  rabbitmq: 'message',
  nats: 'message',
  broker: 'message',
  dataset: 'table',
  dataset_out: 'table',
  file: 'file',
};

/**
 * A settings property marked `x-choices` (`datasets`, `files`) picks one of the organization's:
 * its choices go into the form's schema as `oneOf` of `{const: id, title: name}`, which the form
 * renders as a select of names. Validation keeps the plain schema; the connector's check says
 * whether the id is the organization's.
 */
async function withChoices(ctx: AppContext, orgId: string, settings: JsonSchema): Promise<JsonSchema> {
  const props = (settings.properties ?? {}) as Record<string, JsonSchema>;
  if (!Object.values(props).some((p) => p['x-choices'])) return settings;
  const cctx = connectorContext(ctx, undefined, orgId);
  const filled: Record<string, JsonSchema> = {};
  for (const [name, prop] of Object.entries(props)) {
    const kind = prop['x-choices'];
    const choices =
      kind === 'datasets'
        ? (await cctx.datasets!.list()).map((d) => ({
            const: d.id,
            title: `${d.name} (${d.rowCount.toLocaleString('en')} rows)`,
          }))
        : kind === 'files'
          ? (await cctx.files!.list()).map((f) => ({ const: f.id, title: f.name }))
          : [];
    // no choices yet: the plain text field, saying why
    filled[name] = choices.length
      ? { ...prop, oneOf: choices }
      : kind
        ? { ...prop, description: `None yet: create one first (${String(kind)})` }
        : prop;
  }
  return { ...settings, properties: filled };
}

export async function catalogue(ctx: AppContext, orgId: string) {
  return {
    items: await Promise.all(
      connectors.map(async (c) => ({
        type: c.spec.type,
        title: c.spec.title,
        description: c.spec.description,
        icon: ICONS[c.spec.type] ?? 'plug',
        roles: [...c.spec.roles],
        settings: await withChoices(ctx, orgId, c.spec.settings),
        secretFields: [...c.spec.secretFields],
        writeModes: [...(c.spec.writeModes ?? [])],
      })),
    ),
  };
}

export function connectorOf(type: string, loc: (string | number)[] = ['body', 'type']): Connector {
  const c = findConnector(type);
  if (!c)
    throw new FieldError(
      loc,
      `unknown connector ${JSON.stringify(type)}; known: ${connectors.map((x) => x.spec.type).join(', ')}`,
    );
  return c;
}

const ajv = new Ajv2020({ strict: false, allErrors: false, useDefaults: true });
ajv.addFormat('password', true);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function fieldOf(e: ErrorObject): string {
  const path = e.instancePath.split('/').filter(Boolean);
  if (e.keyword === 'required') path.push(String(e.params.missingProperty));
  if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty));
  return path.join('.');
}

/** Validates (and fills defaults into) settings; a 422 naming the field otherwise. */
export function validateSettings(c: Connector, settings: Settings): Settings {
  const validate = validators.get(c.spec.type) ?? ajv.compile(c.spec.settings);
  validators.set(c.spec.type, validate);
  const copy = structuredClone(settings);
  if (!validate(copy)) {
    const e = validate.errors![0]!;
    const field = fieldOf(e);
    const msg =
      e.keyword === 'additionalProperties'
        ? 'is not a setting of this connector'
        : (e.message ?? 'is invalid');
    throw new FieldError(['body', 'settings', ...(field ? field.split('.') : [])], msg);
  }
  return copy;
}

function split(c: Connector, settings: Settings) {
  const plain: Settings = {};
  const secrets: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(settings)) {
    if (c.spec.secretFields.includes(k)) secrets[k] = v;
    else plain[k] = v;
  }
  return { plain, secrets };
}

function secretsOf(ctx: AppContext, row: repo.ConnectionRow): Record<string, unknown> {
  return row.secretsEncrypted ? JSON.parse(decryptSecret(ctx.jwtSecret, row.secretsEncrypted, row.id)) : {};
}

/** The full settings of a saved connection, secrets included (for the runner, never the API). */
export function settingsOf(ctx: AppContext, row: repo.ConnectionRow): Settings {
  return { ...row.settings, ...secretsOf(ctx, row) };
}

function toDto(row: repo.ConnectionRow, last?: { syncId: string; status: string; at: Date }): TConnection {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    role: row.role as TConnection['role'],
    settings: row.settings,
    secretFieldsSet: row.secretFieldsSet,
    lastCheck: row.lastCheckedAt
      ? {
          ok: Boolean(row.lastCheckOk),
          field: null,
          message: row.lastCheckError,
          at: row.lastCheckedAt.toISOString(),
        }
      : null,
    lastSync: last ? { syncId: last.syncId, status: last.status as never, at: last.at.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findConnectionRow(ctx: AppContext, orgId: string, id: string) {
  const row = await repo.findConnection(ctx.db, orgId, id);
  if (!row) throw notFound('Connection not found');
  return row;
}

export async function listConnections(ctx: AppContext, p: Principal, q: { role?: string }) {
  const [rows, last] = await Promise.all([
    repo.listConnections(ctx.db, p.orgId, q.role),
    repo.lastRunsByConnection(ctx.db, p.orgId),
  ]);
  return { items: rows.map((r) => toDto(r, last.get(r.id))) };
}

export async function getConnection(ctx: AppContext, p: Principal, id: string) {
  const row = await findConnectionRow(ctx, p.orgId, id);
  return toDto(row, (await repo.lastRunsByConnection(ctx.db, p.orgId)).get(id));
}

function roleCheck(c: Connector, role: string) {
  if (!c.spec.roles.includes(role as 'source')) {
    throw new FieldError(
      ['body', 'role'],
      `${c.spec.title} cannot be a ${role} (it offers: ${c.spec.roles.join(', ')})`,
    );
  }
}

export async function createConnection(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof ZCreateConnectionRequest>,
) {
  assertCanWrite(p);
  const c = connectorOf(input.type);
  roleCheck(c, input.role);
  const settings = validateSettings(c, input.settings);
  await checkChoices(ctx, p.orgId, c, settings);
  await checkTargetFree(ctx, p.orgId, c, settings);
  const { plain, secrets } = split(c, settings);
  const id = randomUUID();
  const set = Object.keys(secrets).filter((k) => secrets[k] !== undefined && secrets[k] !== '');
  const row = await saveWithTarget(ctx, p.orgId, c, settings, () =>
    repo.insertConnection(ctx.db, {
      id,
      organizationId: p.orgId,
      type: input.type,
      name: input.name,
      role: input.role,
      settings: plain,
      secretsEncrypted: set.length ? encryptSecret(ctx.jwtSecret, JSON.stringify(secrets), id) : null,
      secretFieldsSet: set,
      createdBy: p.userId,
      target: targetColumnOf(c, input.role, settings),
    }),
  );
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'connection.created',
    targetType: 'connection',
    targetId: id,
    details: { name: input.name, type: input.type, role: input.role },
  });
  return toDto(row);
}

/** New settings: secret fields left out keep their stored value; `null` clears one. */
function merged(
  ctx: AppContext,
  c: Connector,
  row: repo.ConnectionRow | undefined,
  settings: Settings,
): Settings {
  const stored = row ? secretsOf(ctx, row) : {};
  const out: Settings = { ...settings };
  for (const f of c.spec.secretFields) {
    if (out[f] === null) delete out[f];
    else if (out[f] === undefined && stored[f] !== undefined) out[f] = stored[f];
  }
  return out;
}

export async function updateConnection(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: z.output<typeof ZUpdateConnectionRequest>,
) {
  const row = await findConnectionRow(ctx, p.orgId, id);
  assertCanWrite(p);
  const c = connectorOf(row.type);
  const values: Parameters<typeof repo.updateConnection>[3] = {};
  if (input.name !== undefined) values.name = input.name;
  let settings: Settings = row.settings;
  if (input.settings !== undefined) {
    settings = validateSettings(c, merged(ctx, c, row, input.settings));
    await checkChoices(ctx, p.orgId, c, settings);
    await checkTargetFree(ctx, p.orgId, c, settings, id);
    const { plain, secrets } = split(c, settings);
    const set = Object.keys(secrets).filter((k) => secrets[k] !== undefined && secrets[k] !== '');
    values.settings = plain;
    values.secretsEncrypted = set.length ? encryptSecret(ctx.jwtSecret, JSON.stringify(secrets), id) : null;
    values.secretFieldsSet = set;
    values.lastCheckedAt = null;
    values.target = targetColumnOf(c, row.role, settings);
  }
  const updated = await saveWithTarget(
    ctx,
    p.orgId,
    c,
    settings,
    () => repo.updateConnection(ctx.db, p.orgId, id, values),
    id,
  );
  return toDto(updated!);
}

export async function deleteConnection(ctx: AppContext, p: Principal, id: string) {
  const row = await findConnectionRow(ctx, p.orgId, id);
  assertCanWrite(p);
  const using = await repo.syncsUsing(ctx.db, p.orgId, id);
  if (using.length)
    throw conflict(
      `Connection is used by sync ${using.map((s) => JSON.stringify(s.name)).join(', ')}: delete those first`,
    );
  await repo.deleteConnection(ctx.db, p.orgId, id);
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'connection.deleted',
    targetType: 'connection',
    targetId: id,
    details: { name: row.name },
  });
}

/** A connector failure as the user reads it; anything unexpected is logged and named plainly. */
export function explain(ctx: AppContext, err: unknown): TConnectionCheck {
  if (err instanceof ConnectorSettingsError)
    return { ok: false, field: err.field, message: `${err.field}: ${err.message}` };
  if (err instanceof ConnectorRuntimeError) return { ok: false, field: null, message: err.message };
  ctx.log.warn({ err }, 'connector failed unexpectedly');
  return {
    ok: false,
    field: null,
    message: `the connector failed: ${(err as Error)?.message ?? String(err)}`,
  };
}

async function runCheck(
  ctx: AppContext,
  orgId: string,
  c: Connector,
  settings: Settings,
): Promise<TConnectionCheck> {
  try {
    await c.check!(settings, connectorContext(ctx, undefined, orgId));
    return { ok: true, field: null, message: null };
  } catch (err) {
    return explain(ctx, err);
  }
}

export async function testSettings(
  ctx: AppContext,
  p: Principal,
  input: z.output<typeof ZTestConnectionRequest>,
) {
  const c = connectorOf(input.type);
  const row = input.connectionId ? await findConnectionRow(ctx, p.orgId, input.connectionId) : undefined;
  return runCheck(ctx, p.orgId, c, validateSettings(c, merged(ctx, c, row, input.settings)));
}

export async function checkConnection(ctx: AppContext, p: Principal, id: string) {
  const row = await findConnectionRow(ctx, p.orgId, id);
  const result = await runCheck(ctx, p.orgId, connectorOf(row.type), settingsOf(ctx, row));
  await repo.updateConnection(ctx.db, p.orgId, id, {
    lastCheckOk: result.ok,
    lastCheckError: result.message,
    lastCheckedAt: new Date(),
  });
  return result;
}

const SAMPLE_ROWS = 5;
const SAMPLED_STREAMS = 20;

/** Discovery, with the first few records of (at most 20) streams. */
export async function listStreams(ctx: AppContext, p: Principal, id: string) {
  const row = await findConnectionRow(ctx, p.orgId, id);
  const c = connectorOf(row.type);
  if (!c.discover || !c.read) throw conflict(`${c.spec.title} is not a source: it has no streams`);
  const settings = settingsOf(ctx, row);
  const cctx = connectorContext(ctx, undefined, p.orgId);
  let streams: Awaited<ReturnType<NonNullable<Connector['discover']>>>;
  try {
    streams = await c.discover(settings, cctx);
  } catch (err) {
    const e = explain(ctx, err);
    throw new FieldError(['path', 'id'], `discovery failed: ${e.message}`, 'connector_error');
  }
  const items = [];
  for (const [i, s] of streams.entries()) {
    const sample: Record<string, unknown>[] = [];
    if (i < SAMPLED_STREAMS) {
      const stop = new AbortController();
      try {
        for await (const m of c.read(
          settings,
          { stream: s.name, syncMode: 'full_refresh', signal: stop.signal },
          cctx,
        )) {
          if (m.type === 'record') sample.push(m.data);
          if (sample.length >= SAMPLE_ROWS) break;
        }
      } catch (err) {
        ctx.log.info({ err, stream: s.name }, 'sampling a stream failed');
      } finally {
        stop.abort();
      }
    }
    items.push({ ...s, syncModes: [...s.syncModes], sample });
  }
  return { items };
}
