import pg from 'pg';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './helper.ts';

/** Runs SQL in a database of the machine's PostgreSQL (trust auth, as the connector tests do). */
export async function sql(database: string, text: string) {
  const c = new pg.Client({ host: '127.0.0.1', user: 'postgres', database });
  await c.connect();
  try {
    return (await c.query(text)).rows;
  } finally {
    await c.end();
  }
}

export const pgSettings = (database: string) => ({
  host: '127.0.0.1',
  port: 5432,
  database,
  user: 'postgres',
  schema: 'public',
});

export const PEOPLE_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: 'string', format: 'email' },
  },
  required: ['id', 'name', 'email'],
};

/** Calls the API as `u`, expecting success. */
export function caller(t: TestApp, u: TestUser) {
  const raw = (method: string, url: string, payload?: unknown) =>
    t.as(u.token, {
      method: method as 'GET',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const call = async (method: string, url: string, payload?: unknown) => {
    const res = await raw(method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.statusCode === 204 ? undefined : res.json();
  };
  return { raw, call };
}

/** A pipeline onto PEOPLE_SCHEMA with a deployed mapper (the engine's proposal from sample rows named as the schema). */
export async function deployedPipeline(t: TestApp, u: TestUser) {
  const { call } = caller(t, u);
  const pipeline = await call('POST', '/api/pipelines', {
    name: `People ${Math.random()}`,
    target_schema: PEOPLE_SCHEMA,
  });
  await call('POST', `/api/pipelines/${pipeline.id}/jobs`, {
    data: [
      { id: 1, name: 'Ada', email: 'ada@example.com' },
      { id: 2, name: 'Grace', email: 'grace@example.com' },
    ],
  });
  const w = await call('POST', `/api/pipelines/${pipeline.id}/workshops`);
  await call('POST', `/api/workshops/${w.id}/deploy`);
  return pipeline as { id: string; target_schema_id: string };
}

/** source (a PostgreSQL table) → map → validate → destination (another PostgreSQL database). */
export function linearFlow(o: {
  sourceConnection: string;
  stream: string;
  pipelineId: string;
  schemaId: string;
  destConnection: string;
  table: string;
  writeMode?: 'append' | 'overwrite' | 'upsert';
  preview?: boolean;
}) {
  return {
    name: `Flow ${o.table}`,
    steps: [
      {
        id: 'src',
        kind: 'source',
        name: 'People table',
        config: { input: { kind: 'connection', id: o.sourceConnection, stream: o.stream } },
      },
      { id: 'map', kind: 'map', name: 'Map', config: { pipeline_id: o.pipelineId } },
      { id: 'check', kind: 'validate', name: 'Validate', config: { target_schema_id: o.schemaId } },
      {
        id: 'dest',
        kind: 'destination',
        name: 'Warehouse',
        config: {
          connection_id: o.destConnection,
          stream: o.table,
          write_mode: o.writeMode ?? 'upsert',
          primary_key: ['id'],
          preview: o.preview ?? false,
        },
      },
    ],
    edges: [
      { from: 'src', to: 'map' },
      { from: 'map', to: 'check' },
      { from: 'check', to: 'dest' },
    ],
  };
}
