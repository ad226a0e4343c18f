import { profileRecords, schemaFromProfile } from '@mapwright/engine';
import {
  type ConnectorContext,
  ConnectorSettingsError,
  type ReadMessage,
  type ReadRequest,
  type Settings,
  type SourceConnector,
  type StreamDescriptor,
} from '../contract.ts';
import { atPath, checkHttpUrl, DEFAULT_RETRY, type RetryPolicy, validateSettings } from '../http-util.ts';
import { authenticator, checkAuthSettings } from './rest-auth.ts';
import { walkPages } from './rest-pages.ts';
import { type RestSettings, type RestStream, restSpec } from './rest-spec.ts';

/*
 * A generic REST API source. Each stream is one endpoint whose JSON answers hold an array of
 * records; pages are walked by rest-pages.ts. An incremental read sends the last cursor value
 * in a query parameter, drops records before it, and checkpoints after each page the largest
 * cursor value seen with the keys of the records at that value (so records sharing the last
 * value are neither lost nor read twice). The checkpoint assumes the API answers a cursor query
 * in ascending cursor order, as such endpoints do.
 */

const RECORDS_PROFILED = 1000;
/** keys remembered at the last cursor value (more records sharing one value are re-read) */
const MAX_KEYS_AT_CURSOR = 10_000;

function settingsOf(raw: Settings): RestSettings {
  const s = validateSettings<RestSettings>(restSpec, raw);
  checkHttpUrl('baseUrl', s.baseUrl);
  checkAuthSettings(s);
  const names = new Set<string>();
  s.streams.forEach((st, i) => {
    if (names.has(st.name))
      throw new ConnectorSettingsError(`streams[${i}].name`, `stream ${st.name} is twice`);
    names.add(st.name);
  });
  return s;
}

function streamOf(s: RestSettings, name: string): RestStream {
  const st = s.streams.find((x) => x.name === name);
  if (!st) throw new ConnectorSettingsError('streams', `no stream named ${name}`);
  return st;
}

/** Orders cursor values: numbers as numbers, anything else (ISO dates…) as text. */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function createRestConnector(opts: { retry?: Partial<RetryPolicy> } = {}): SourceConnector {
  const policy = (s: RestSettings): RetryPolicy => ({
    ...DEFAULT_RETRY,
    ...opts.retry,
    maxAttempts: s.maxAttempts,
  });
  const walk = (
    s: RestSettings,
    stream: RestStream,
    ctx: ConnectorContext,
    signal: AbortSignal,
    params = {},
  ) =>
    walkPages({
      settings: s,
      stream,
      params,
      auth: authenticator(s, ctx, policy(s)),
      retry: policy(s),
      ctx,
      signal,
    });
  const firstPage = async (s: RestSettings, stream: RestStream, ctx: ConnectorContext) => {
    for await (const page of walk(s, stream, ctx, AbortSignal.timeout(120_000))) return page.records;
    return [];
  };

  return {
    spec: restSpec,

    async check(raw, ctx) {
      const s = settingsOf(raw);
      await firstPage(s, s.streams[0]!, ctx);
    },

    async discover(raw, ctx) {
      const s = settingsOf(raw);
      const out: StreamDescriptor[] = [];
      for (const stream of s.streams) {
        const records = await firstPage(s, stream, ctx);
        const schema = schemaFromProfile(profileRecords(records.slice(0, RECORDS_PROFILED)).fields, {
          title: stream.name,
        });
        out.push({
          name: stream.name,
          jsonSchema: schema,
          syncModes: stream.cursorField ? ['full_refresh', 'incremental'] : ['full_refresh'],
          ...(stream.primaryKey ? { primaryKey: [[stream.primaryKey]] } : {}),
          ...(stream.cursorField ? { cursorFields: [[stream.cursorField]] } : {}),
        });
      }
      return out;
    },

    async *read(raw, req: ReadRequest, ctx): AsyncGenerator<ReadMessage> {
      const s = settingsOf(raw);
      const stream = streamOf(s, req.stream);
      const index = s.streams.indexOf(stream);
      if (req.syncMode === 'full_refresh') {
        for await (const page of walk(s, stream, ctx, req.signal)) {
          for (const data of page.records) yield { type: 'record', data };
          yield { type: 'state', state: { pages: page.number } };
        }
        return;
      }
      const cursorPath = req.cursorField ?? (stream.cursorField ? [stream.cursorField] : undefined);
      if (!cursorPath)
        throw new ConnectorSettingsError(
          `streams[${index}].cursorField`,
          'an incremental read needs a cursor field',
        );
      const pkPaths = req.primaryKey ?? (stream.primaryKey ? [[stream.primaryKey]] : undefined);
      const keyOf = (r: Record<string, unknown>) =>
        pkPaths ? JSON.stringify(pkPaths.map((p) => atPath(r, p))) : undefined;
      const start = req.state?.cursor;
      const doneAtStart = new Set((req.state?.keys as string[] | undefined) ?? []);
      let max = start;
      let keysAtMax = new Set(doneAtStart);
      const params: Record<string, string> =
        start !== undefined && stream.cursorParam ? { [stream.cursorParam]: String(start) } : {};
      for await (const page of walk(s, stream, ctx, req.signal, params)) {
        for (const data of page.records) {
          const c = atPath(data, cursorPath);
          if (c === undefined || c === null) {
            yield { type: 'record', data };
            continue;
          }
          const key = keyOf(data);
          if (start !== undefined) {
            const vs = compare(c, start);
            if (vs < 0 || (vs === 0 && key !== undefined && doneAtStart.has(key))) continue;
          }
          yield { type: 'record', data };
          const vm = max === undefined ? 1 : compare(c, max);
          if (vm > 0) {
            max = c;
            keysAtMax = new Set();
          }
          if (vm >= 0 && key !== undefined && keysAtMax.size < MAX_KEYS_AT_CURSOR) keysAtMax.add(key);
        }
        if (max !== undefined) yield { type: 'state', state: { cursor: max, keys: [...keysAtMax] } };
      }
    },
  };
}

export const restConnector = createRestConnector();
