import type { TCustomNode } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import { CallError, type CallLogEntry, callWithRetries } from './call.ts';
import { openSource, type Source } from './sources.ts';
import { expandString, type NodeOutputs, resolveBody } from './templates.ts';

/*
 * An endpoint node: its parameters are resolved against earlier nodes' output (a `[*]`
 * reference fans out into one call per value, at most FAN_OUT_CONCURRENCY at a time), each call
 * follows `page.next` when pagination is on, and the records of every page of every call
 * become the node's output, in order.
 */

export const FAN_OUT_CONCURRENCY = 4;
export const MAX_CALLS = 1000;
export const MAX_PAGES = 1000;
export const MAX_RECORDS = 100_000;
const SAMPLE_CHARS = 2048;
const LOG_LIMIT = 50;
const LOG_LIMIT_FAILURES = 100;

export interface NodeStats {
  attempts: number;
  calls: number;
  log: CallLogEntry[];
  requestSample: { method: string; url: string; body?: unknown } | null;
  responseSample: { status: number; body: string } | null;
}

export const emptyStats = (): NodeStats => ({
  attempts: 0,
  calls: 0,
  log: [],
  requestSample: null,
  responseSample: null,
});

type ParamValue = string | number | boolean | null;

/** Every combination of the parameters' values (one per call). */
function parameterSets(params: Record<string, ParamValue>, outputs: NodeOutputs) {
  let sets: Record<string, unknown>[] = [{}];
  for (const [name, value] of Object.entries(params)) {
    if (value === null || value === '') continue;
    let values: unknown[];
    try {
      values = typeof value === 'string' ? expandString(value, outputs) : [value];
    } catch (err) {
      throw new CallError(`parameter ${name} ${(err as Error).message}`);
    }
    sets = sets.flatMap((s) => values.map((v) => ({ ...s, [name]: v })));
    if (sets.length > MAX_CALLS)
      throw new CallError(
        `the parameters fan out into more than ${MAX_CALLS} calls; narrow the earlier node's output`,
      );
  }
  return sets;
}

const text = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

function urlOf(source: Source, path: string, set: Record<string, unknown>) {
  const query = new URLSearchParams();
  const used = new Set<string>();
  const filled = path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    used.add(name);
    if (set[name] === undefined) throw new CallError(`the path parameter ${name} has no value`);
    return encodeURIComponent(text(set[name]));
  });
  for (const [k, v] of Object.entries(set)) if (!used.has(k)) query.append(k, text(v));
  const qs = query.toString();
  return `${source.base}${filled}${qs ? `?${qs}` : ''}`;
}

function recordsOf(json: unknown): unknown[] {
  if (
    json &&
    typeof json === 'object' &&
    !Array.isArray(json) &&
    Array.isArray((json as { data?: unknown }).data)
  )
    return (json as { data: unknown[] }).data;
  return Array.isArray(json) ? json : [json];
}

/** Runs `work` over `items` with at most `limit` at once; the first failure stops new starts. */
async function pool<T, R>(items: T[], limit: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed: unknown = null;
  const lane = async () => {
    while (next < items.length && failed === null) {
      const i = next++;
      try {
        results[i] = await work(items[i]!, i);
      } catch (err) {
        failed ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failed !== null) throw failed;
  return results;
}

export async function runCustomNode(opts: {
  ctx: AppContext;
  orgId: string;
  node: TCustomNode;
  defaultApp: string;
  outputs: NodeOutputs;
  sources: Map<string, Source>;
  signal: AbortSignal;
  stats: NodeStats;
}): Promise<unknown[]> {
  const { node, stats, signal } = opts;
  const { endpoint, errorHandling, pagination } = node.data;
  const source = await openSource(
    opts.ctx,
    opts.orgId,
    endpoint.app ?? opts.defaultApp,
    opts.sources,
    signal,
  );
  const sets = parameterSets(node.data.params, opts.outputs);
  const hasBody = node.data.body !== undefined && endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const body = hasBody ? JSON.stringify(resolveBody(node.data.body, opts.outputs)) : undefined;
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(body ? { 'content-type': 'application/json' } : {}),
  };
  const log = (e: CallLogEntry) => {
    stats.attempts++;
    if (stats.log.length < LOG_LIMIT || (e.error && stats.log.length < LOG_LIMIT_FAILURES)) stats.log.push(e);
  };
  let total = 0;

  const perSet = await pool(sets, FAN_OUT_CONCURRENCY, async (set) => {
    const records: unknown[] = [];
    const visited = new Set<string>();
    let url: string | null = urlOf(source, endpoint.path, set);
    while (url) {
      if (signal.aborted) throw signal.reason;
      if (visited.size >= MAX_PAGES)
        throw new CallError(`more than ${MAX_PAGES} pages from ${endpoint.path}`);
      if (visited.has(url)) throw new CallError(`page.next points back to a page already read (${url})`);
      visited.add(url);
      stats.calls++;
      const req = { method: endpoint.method, url, headers, body };
      stats.requestSample ??= { method: req.method, url, ...(body ? { body: JSON.parse(body) } : {}) };
      const res = await callWithRetries(source, req, errorHandling, signal, log);
      stats.responseSample ??= { status: res.status, body: res.body.slice(0, SAMPLE_CHARS) };
      let json: unknown;
      try {
        json = res.body === '' ? null : JSON.parse(res.body);
      } catch {
        throw new CallError(`${req.method} ${url} did not answer JSON`);
      }
      const page = json === null ? [] : recordsOf(json);
      total += page.length;
      if (total > MAX_RECORDS)
        throw new CallError(`the node produced more than ${MAX_RECORDS.toLocaleString('en-US')} records`);
      records.push(...page);
      const next = pagination ? (json as { page?: { next?: unknown } } | null)?.page?.next : null;
      url = typeof next === 'string' && next ? source.follow(next) : null;
    }
    return records;
  });
  return perSet.flat();
}
