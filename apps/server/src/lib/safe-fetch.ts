import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';

/*
 * Outbound HTTP for user-configured URLs (workflow nodes, delivery URLs, OAuth token URLs), with
 * a guard against server-side request forgery: every hop's host is resolved first and refused if
 * any address is private, loopback, link-local (cloud metadata at 169.254.169.254) or otherwise
 * not public, unless the operator allow-listed it; the connection is then pinned to the checked
 * address so a second DNS answer (rebinding) cannot swap it; redirects are followed by hand and
 * each hop is checked again.
 *
 * Credentials stay with the origin (scheme, host, port) they were meant for. A request that carries
 * any (a credential header, user info in the URL, or a caller's `credentials: true` for a custom
 * API-key header or a body with a client secret) never follows a redirect to another origin: it
 * fails with "refused: redirect to another origin (…) would carry credentials", which is clearer
 * than a stripped request answered 401 by a stranger. A 307/308 to another origin would resend the
 * body, so it is refused for every request that has one. Other cross-origin hops lose the
 * well-known credential headers as a second line of defence. Same-origin redirects are followed.
 */

export class OutboundRefusedError extends Error {
  override name = 'OutboundRefusedError';
}

// ---------- addresses ----------

/** An IPv4 (4 bytes) or IPv6 (16 bytes) address in canonical text form, or null. */
export function parseIp(text: string): Uint8Array | null {
  const s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const kind = isIP(s);
  if (kind === 4) return Uint8Array.from(s.split('.').map(Number));
  if (kind !== 6) return null;
  const [head, tail] = s.includes('::') ? s.split('::') : [s, undefined];
  const groups = (part: string | undefined) => {
    if (!part) return [] as number[];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (g.includes('.')) {
        const v4 = g.split('.').map(Number);
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const h = groups(head);
  const t = groups(tail);
  const all = [...h, ...new Array(8 - h.length - t.length).fill(0), ...t];
  const bytes = new Uint8Array(16);
  all.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

interface Cidr {
  bytes: Uint8Array;
  bits: number;
  label: string;
}

function cidr(text: string, label = ''): Cidr {
  const [addr, bits] = text.split('/');
  const bytes = parseIp(addr!);
  if (!bytes) throw new Error(`not an address: ${text}`);
  return { bytes, bits: bits === undefined ? bytes.length * 8 : Number(bits), label };
}

function inCidr(ip: Uint8Array, c: Cidr): boolean {
  if (ip.length !== c.bytes.length) return false;
  for (let bit = 0; bit < c.bits; bit++) {
    const i = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if ((ip[i]! & mask) !== (c.bytes[i]! & mask)) return false;
  }
  return true;
}

const NOT_PUBLIC: Cidr[] = [
  cidr('0.0.0.0/8', 'this network'),
  cidr('10.0.0.0/8', 'private'),
  cidr('100.64.0.0/10', 'carrier-grade NAT'),
  cidr('127.0.0.0/8', 'loopback'),
  cidr('169.254.0.0/16', 'link-local, cloud metadata'),
  cidr('172.16.0.0/12', 'private'),
  cidr('192.0.0.0/24', 'IETF protocol assignments'),
  cidr('192.0.2.0/24', 'documentation'),
  cidr('192.168.0.0/16', 'private'),
  cidr('198.18.0.0/15', 'benchmarking'),
  cidr('198.51.100.0/24', 'documentation'),
  cidr('203.0.113.0/24', 'documentation'),
  cidr('224.0.0.0/4', 'multicast'),
  cidr('240.0.0.0/4', 'reserved'),
  cidr('::/128', 'unspecified'),
  cidr('::1/128', 'loopback'),
  cidr('100::/64', 'discard'),
  cidr('2001:db8::/32', 'documentation'),
  cidr('fc00::/7', 'unique local'),
  cidr('fe80::/10', 'link-local'),
  cidr('fec0::/10', 'site-local'),
  cidr('ff00::/8', 'multicast'),
];

/** IPv6 forms that carry an IPv4 address: mapped, compatible, NAT64, 6to4. */
function embeddedV4(ip: Uint8Array): Uint8Array | null {
  if (ip.length !== 16) return null;
  const zeros = (from: number, to: number) => ip.slice(from, to).every((b) => b === 0);
  if (zeros(0, 10) && ip[10] === 0xff && ip[11] === 0xff) return ip.slice(12);
  if (zeros(0, 12)) return ip.slice(12);
  if (inCidr(ip, cidr('64:ff9b::/96'))) return ip.slice(12);
  if (ip[0] === 0x20 && ip[1] === 0x02) return ip.slice(2, 6);
  return null;
}

/** Why this address is not a public one (e.g. "loopback"), or null for a public address. */
export function nonPublicReason(address: string): string | null {
  const ip = parseIp(address);
  if (!ip) return 'not an IP address';
  const direct = NOT_PUBLIC.find((c) => inCidr(ip, c));
  if (direct) return direct.label;
  const v4 = embeddedV4(ip);
  const inner = v4 ? nonPublicReason(v4.join('.')) : null;
  return inner ? `IPv4-embedded, ${inner}` : null;
}

// ---------- the allow-list ----------

export interface Allowlist {
  /** hosts allowed by name, compared with the host exactly as the URL spells it */
  hosts: Set<string>;
  /** address ranges allowed whatever name points at them */
  nets: Cidr[];
}

/**
 * `OUTBOUND_ALLOWLIST` entries: `host.name` or `127.0.0.1` (that spelling only: `2130706433` or
 * `0x7f.1` are other spellings and stay refused), or a CIDR such as `10.1.0.0/16` (any name or
 * spelling resolving into it).
 */
export function parseAllowlist(entries: readonly string[]): Allowlist {
  const hosts = new Set<string>();
  const nets: Cidr[] = [];
  for (const raw of entries) {
    const e = raw.trim().toLowerCase();
    if (!e) continue;
    if (e.includes('/')) nets.push(cidr(e, 'allow-listed'));
    else hosts.add(isIP(e) === 6 ? `[${e}]` : e);
  }
  return { hosts, nets };
}

// ---------- checking a URL ----------

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

const systemResolver: Resolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** The host as the URL text spells it (the URL parser rewrites `0x7f.1` to `127.0.0.1`). */
function spelledHost(input: string): string | null {
  const m = /^[a-z][a-z0-9+.-]*:\/\/([^/?#\\]*)/i.exec(input.trim());
  if (!m) return null;
  const authority = m[1]!.slice(m[1]!.lastIndexOf('@') + 1);
  if (authority.startsWith('[')) return authority.slice(0, authority.indexOf(']') + 1).toLowerCase();
  const colon = authority.lastIndexOf(':');
  return (colon >= 0 ? authority.slice(0, colon) : authority).toLowerCase();
}

export interface GuardOptions {
  allowlist: Allowlist;
  /** tests inject one; default: the system resolver */
  resolver?: Resolver;
}

export interface CheckedUrl {
  url: URL;
  /** the address the connection must use */
  address: string;
  family: 4 | 6;
}

/** Refuses a URL whose host is not public (and not allow-listed); returns the address to pin. */
export async function checkOutboundUrl(input: string, opts: GuardOptions): Promise<CheckedUrl> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRefusedError(`refused: ${input.slice(0, 200)} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundRefusedError(`refused: only http and https URLs are allowed (${url.protocol})`);
  const host = url.hostname;
  const spelled = spelledHost(input);
  const shown = spelled ?? host;
  const literal = parseIp(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host.replace(/^\[|\]$/g, ''), family: literal.length === 4 ? 4 : 6 }];
  } else {
    try {
      addresses = await (opts.resolver ?? systemResolver)(host);
    } catch (err) {
      throw new OutboundRefusedError(`refused: ${shown} does not resolve (${(err as Error).message})`);
    }
    if (addresses.length === 0) throw new OutboundRefusedError(`refused: ${shown} does not resolve`);
  }
  const byName = spelled === host && opts.allowlist.hosts.has(host);
  if (!byName) {
    for (const a of addresses) {
      const reason = nonPublicReason(a.address);
      const ip = parseIp(a.address);
      if (reason && !(ip && opts.allowlist.nets.some((c) => inCidr(ip, c))))
        throw new OutboundRefusedError(
          `refused: ${shown} resolves to a private address (${a.address}, ${reason})`,
        );
    }
  }
  const first = addresses[0]!;
  return { url, address: first.address, family: first.family };
}

// ---------- fetching ----------

export interface SafeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** per hop, headers and body together (default 30 s) */
  timeoutMs?: number;
  /** the response body is cut off (and the call fails) beyond this (default 10 MB) */
  maxBytes?: number;
  maxRedirects?: number;
  /**
   * The request carries credentials the guard cannot recognise by name (a custom API-key header,
   * a body with a client secret): a redirect to another origin is then refused. Authorization,
   * Cookie, Proxy-Authorization, X-Api-Key headers and URL user info count without it.
   */
  credentials?: boolean;
}

export interface SafeResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** the URL of the last hop */
  url: string;
}

/** Headers only the original origin may see. */
const PRIVATE_HEADERS = /^(authorization|cookie|proxy-authorization|x-api-key)$/i;

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [{ address, family }]);
    else cb(null, address, family);
  }) as unknown as LookupFunction;
}

async function readLimited(body: AsyncIterable<Buffer>, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new Error(`the response is larger than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Whether the request itself carries something only its origin may see. */
function carriesCredentials(input: string, req: SafeRequest): boolean {
  if (req.credentials) return true;
  if (Object.keys(req.headers ?? {}).some((k) => PRIVATE_HEADERS.test(k))) return true;
  try {
    const url = new URL(input);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

/** One HTTP exchange through the guard, following at most `maxRedirects` (default 5) redirects. */
export async function safeFetch(input: string, req: SafeRequest, opts: GuardOptions): Promise<SafeResponse> {
  const maxRedirects = req.maxRedirects ?? 5;
  const credentialed = carriesCredentials(input, req);
  let current = input;
  let method = (req.method ?? 'GET').toUpperCase();
  let body = req.body;
  let headers = { ...(req.headers ?? {}) };
  const origin = new URL(input).origin;
  for (let hop = 0; ; hop++) {
    const checked = await checkOutboundUrl(current, opts);
    const agent = new Agent({
      connect: { lookup: pinnedLookup(checked.address, checked.family), timeout: req.timeoutMs ?? 30_000 },
      headersTimeout: req.timeoutMs ?? 30_000,
      bodyTimeout: req.timeoutMs ?? 30_000,
    });
    try {
      const res = await request(checked.url, {
        method: method as 'GET',
        headers,
        body,
        dispatcher: agent,
        signal: req.signal,
      });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
        await res.body.dump();
        if (hop >= maxRedirects)
          throw new OutboundRefusedError(`refused: more than ${maxRedirects} redirects (last: ${current})`);
        // the next hop keeps the spelling of an absolute Location so its host is checked as written
        const next = /^[a-z][a-z0-9+.-]*:/i.test(location)
          ? location
          : new URL(location, checked.url).toString();
        let nextOrigin: string;
        try {
          nextOrigin = new URL(next).origin;
        } catch {
          throw new OutboundRefusedError(`refused: the redirect to ${next.slice(0, 200)} is not a valid URL`);
        }
        // a 301, 302 or 303 is followed with a GET without body; a 307 or 308 resends the body
        const toGet = [301, 302, 303].includes(res.statusCode);
        const keepsBody = body !== undefined && !toGet;
        if (nextOrigin !== origin) {
          if (credentialed)
            throw new OutboundRefusedError(
              `refused: redirect to another origin (${nextOrigin}) would carry credentials`,
            );
          if (keepsBody)
            throw new OutboundRefusedError(
              `refused: a ${res.statusCode} redirect to another origin (${nextOrigin}) would resend the request body`,
            );
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !PRIVATE_HEADERS.test(k)));
        }
        if (toGet && method !== 'GET' && method !== 'HEAD') {
          method = 'GET';
          headers = Object.fromEntries(Object.entries(headers).filter(([k]) => !/^content-/i.test(k)));
        }
        if (toGet) body = undefined;
        current = next;
        continue;
      }
      const text = await readLimited(res.body, req.maxBytes ?? 10 * 1024 * 1024);
      const flat: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) flat[k] = String(v);
      return { status: res.statusCode, headers: flat, body: text, url: checked.url.toString() };
    } finally {
      void agent.close().catch(() => {});
    }
  }
}
