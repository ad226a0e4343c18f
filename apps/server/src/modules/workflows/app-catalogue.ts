import { HTTP_METHODS, type TCatalogueEndpoint } from '@mapwright/contracts';
import type { AppContext } from '../../context.ts';
import type { AppRow } from './apps.repository.ts';
import { endpointsOf } from './catalogue.ts';
import { guardedFetch, type OutboundRequest, openSource } from './sources.ts';

/*
 * A connected app's palette: the operations of the OpenAPI 3 document at its catalogueUrl.
 * The document is fetched through the SSRF guard (private addresses refused unless
 * OUTBOUND_ALLOWLIST allows them), with the app's credentials when it lives on the app's own
 * origin (credentials never leave that origin, as for page.next links), within 10 s and 5 MB.
 * Results are cached per app id and catalogueUrl in memory: 5 minutes, a failure 30 s.
 * A failure never fails the palette: the app gets no endpoints and a catalogueError.
 */

export const CATALOGUE_TIMEOUT_MS = 10_000;
export const CATALOGUE_MAX_BYTES = 5 * 1024 * 1024;
export const CATALOGUE_TTL_MS = 5 * 60_000;
export const CATALOGUE_FAILURE_TTL_MS = 30_000;
/** Nodes kept when $refs are expanded: per path, and for the whole document. */
const NODES_PER_PATH = 20_000;
const NODES_PER_DOCUMENT = 500_000;

export interface AppCatalogue {
  endpoints: TCatalogueEndpoint[];
  /** why the catalogue could not be read; null when it was */
  error: string | null;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

// ---------- the cache ----------

interface Entry {
  url: string;
  /** Infinity while the fetch is in flight (concurrent callers share it) */
  expires: number;
  result: Promise<AppCatalogue>;
}

/** Per server (tests run several in one process), per app id. */
const caches = new WeakMap<AppContext, Map<string, Entry>>();

function cacheOf(ctx: AppContext) {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

/** Forgets an app's catalogue (on connect and disconnect). */
export function forgetCatalogue(ctx: AppContext, appId: string) {
  cacheOf(ctx).delete(appId);
}

/** The app's endpoints from its catalogueUrl (none, without error, when it has none). */
export function catalogueOf(ctx: AppContext, app: AppRow): Promise<AppCatalogue> {
  const url = app.catalogueUrl;
  if (!url) return Promise.resolve({ endpoints: [], error: null });
  const cache = cacheOf(ctx);
  const hit = cache.get(app.id);
  if (hit && hit.url === url && hit.expires > Date.now()) return hit.result;
  const result: Promise<AppCatalogue> = readCatalogue(ctx, app, url)
    .catch((err: unknown) => ({
      endpoints: [],
      error: `${url} could not be read: ${err instanceof Error ? err.message : String(err)}`,
    }))
    .then((read) => {
      entry.expires = Date.now() + (read.error ? CATALOGUE_FAILURE_TTL_MS : CATALOGUE_TTL_MS);
      return read;
    });
  const entry: Entry = { url, expires: Number.POSITIVE_INFINITY, result };
  cache.set(app.id, entry);
  return result;
}

// ---------- fetching and checking ----------

const sameOrigin = (a: string, b: string) => {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
};

async function readCatalogue(ctx: AppContext, app: AppRow, url: string): Promise<AppCatalogue> {
  const fail = (error: string): AppCatalogue => ({ endpoints: [], error });
  const signal = AbortSignal.timeout(CATALOGUE_TIMEOUT_MS);
  const req: OutboundRequest = {
    method: 'GET',
    url,
    headers: { accept: 'application/json' },
    timeoutMs: CATALOGUE_TIMEOUT_MS,
    maxBytes: CATALOGUE_MAX_BYTES,
  };
  let status: number;
  let body: string;
  try {
    // the app's own origin gets its credentials, exactly as a node's call does
    const res = sameOrigin(url, app.baseUrl)
      ? await (await openSource(ctx, app.organizationId, app.id, new Map(), signal)).send(req, signal)
      : await guardedFetch(ctx, req, signal);
    ({ status, body } = res);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const why = signal.aborted
      ? `no answer within ${CATALOGUE_TIMEOUT_MS / 1000} s`
      : /larger than \d+ bytes/.test(message)
        ? `the document is larger than ${CATALOGUE_MAX_BYTES / 1024 / 1024} MB`
        : message;
    return fail(`could not fetch ${url}: ${why}`);
  }
  if (status < 200 || status > 299) return fail(`could not fetch ${url}: HTTP ${status}`);
  let doc: unknown;
  try {
    doc = JSON.parse(body);
  } catch {
    return fail(`${url} is not JSON (only JSON OpenAPI documents are read)`);
  }
  const why = notOpenApi3(doc);
  if (why) return fail(`${url} is not an OpenAPI 3 document: ${why}`);
  try {
    return { endpoints: endpointsOf(paletteDocument(doc as Json, url, app.baseUrl)), error: null };
  } catch (err) {
    return fail(`${url} could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Why `doc` is not an OpenAPI 3.x document we can read, or null. */
export function notOpenApi3(doc: unknown): string | null {
  if (!isObject(doc)) return 'it is not a JSON object';
  if (typeof doc.openapi !== 'string')
    return doc.swagger !== undefined
      ? `it is Swagger ${String(doc.swagger)}; convert it to OpenAPI 3`
      : 'it has no "openapi" version';
  if (!/^3\.\d+/.test(doc.openapi)) return `its version is "${doc.openapi.slice(0, 20)}", not 3.x`;
  if (!isObject(doc.paths)) return '"paths" is not an object';
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/')) return `the path "${path.slice(0, 100)}" does not start with /`;
    if (!isObject(item)) return `the path "${path.slice(0, 100)}" is not an object`;
  }
  return null;
}

// ---------- the document as the palette reads it ----------

/**
 * The prefix every document path gets so that it is what a node holds. A node's endpoint path
 * is appended to the app's baseUrl (custom-node.ts: base + path), while a document's paths are
 * relative to its server URL (servers[0].url, resolved against the document's own URL, its
 * {variables} at their defaults). When that server URL has a path the baseUrl lacks, the
 * missing part is prepended; the host does not matter (baseUrl decides where calls go):
 *   baseUrl https://api.x.com      servers[0] https://api.x.com/v2 → /v2/items
 *   baseUrl https://api.x.com/v2   servers[0] /v2 (or none)         → /items
 *   baseUrl https://api.x.com/api  servers[0] /api/v2               → /v2/items
 */
export function pathPrefixOf(doc: Json, documentUrl: string, baseUrl: string): string {
  const server = Array.isArray(doc.servers) ? doc.servers[0] : undefined;
  if (!isObject(server) || typeof server.url !== 'string') return '';
  const vars = isObject(server.variables) ? server.variables : {};
  const filled = server.url.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = vars[name];
    return isObject(v) && v.default !== undefined ? String(v.default) : '';
  });
  let serverPath: string;
  let basePath: string;
  try {
    serverPath = decodeURI(new URL(filled, documentUrl).pathname).replace(/\/+$/, '');
    basePath = decodeURI(new URL(baseUrl).pathname).replace(/\/+$/, '');
  } catch {
    return '';
  }
  if (!serverPath || basePath.endsWith(serverPath)) return '';
  if (serverPath.startsWith(`${basePath}/`)) return serverPath.slice(basePath.length);
  return serverPath;
}

/** Expands local `#/…` references; a recursive or unknown one, or one past the budget, becomes {}. */
function dereferencer(doc: Json) {
  const documentBudget = { left: NODES_PER_DOCUMENT };
  const lookup = (ref: string): unknown => {
    if (!ref.startsWith('#/')) return undefined;
    let at: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObject(at) && !Array.isArray(at)) return undefined;
      at = (at as Json)[key];
    }
    return at;
  };
  return (value: unknown) => {
    const budget = { left: NODES_PER_PATH };
    const walk = (v: unknown, stack: string[]): unknown => {
      if (budget.left <= 0 || documentBudget.left <= 0) return {};
      budget.left--;
      documentBudget.left--;
      if (Array.isArray(v)) return v.map((x) => walk(x, stack));
      if (!isObject(v)) return v;
      if (typeof v.$ref === 'string') {
        const target = lookup(v.$ref);
        if (target === undefined || stack.includes(v.$ref)) return {};
        return walk(target, [...stack, v.$ref]);
      }
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, stack)]));
    };
    return walk(value, []);
  };
}

/** The success response, its JSON content under `application/json` (what endpointsOf reads). */
function okResponse(responses: unknown): Json {
  if (!isObject(responses)) return {};
  const key = [
    '200',
    ...Object.keys(responses)
      .filter((k) => /^2(\d\d|XX)$/i.test(k))
      .sort(),
  ].find((k) => isObject(responses[k]));
  const res = key ? (responses[key] as Json) : {};
  const content = isObject(res.content) ? res.content : {};
  const json = Object.keys(content).find((t) => /[/+]json\b/i.test(t));
  const media = json ? content[json] : undefined;
  // a JSON Schema may be `true` in 3.1: the palette holds objects only
  const schema = isObject(media) && isObject(media.schema) ? media.schema : {};
  return { content: { 'application/json': { schema } } };
}

/**
 * What endpointsOf reads, from any OpenAPI 3 document: local $refs expanded, path-level
 * parameters merged into each operation (an operation's own win), only path and query
 * parameters (headers and cookies are not node parameters), the 2xx JSON response as `200`,
 * and every path with the prefix of pathPrefixOf.
 */
export function paletteDocument(doc: Json, documentUrl: string, baseUrl: string): Json {
  const deref = dereferencer(doc);
  const prefix = pathPrefixOf(doc, documentUrl, baseUrl);
  const paths: Json = {};
  for (const [path, raw] of Object.entries(doc.paths as Json)) {
    const item = deref(raw) as Json;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    const out: Json = {};
    for (const method of HTTP_METHODS) {
      const op = item[method.toLowerCase()];
      if (!isObject(op)) continue;
      const byKey = new Map<string, Json>();
      for (const p of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])])
        if (isObject(p) && typeof p.name === 'string' && (p.in === 'path' || p.in === 'query'))
          byKey.set(`${p.in} ${p.name}`, { ...p, schema: isObject(p.schema) ? p.schema : {} });
      out[method.toLowerCase()] = {
        operationId: op.operationId,
        summary: op.summary,
        description: op.description,
        parameters: [...byKey.values()],
        responses: { '200': okResponse(op.responses) },
      };
    }
    paths[`${prefix}${path}`] = out;
  }
  return { paths };
}
