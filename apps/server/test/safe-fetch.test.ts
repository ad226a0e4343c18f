import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  nonPublicReason,
  OutboundRefusedError,
  parseAllowlist,
  type Resolver,
  safeFetch,
} from '../src/lib/safe-fetch.ts';

/** A fake DNS: names a test controls, everything else unknown (no real lookups in tests). */
const fakeDns =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = table[host];
    if (!list) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const none = parseAllowlist([]);
const dns = fakeDns({
  'public.example': ['93.184.216.34'],
  localhost: ['127.0.0.1', '::1'],
  'metadata.example': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.5'],
});

describe('nonPublicReason', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.10', 'private'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['0.0.0.0', 'this network'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'unique local'],
    ['fd12:3456::1', 'unique local'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'IPv4-embedded, loopback'],
    ['::ffff:7f00:1', 'IPv4-embedded, loopback'],
    ['::ffff:a9fe:a9fe', 'IPv4-embedded, link-local, cloud metadata'],
    ['64:ff9b::a9fe:a9fe', 'IPv4-embedded, link-local, cloud metadata'],
    ['2002:7f00:1::', 'IPv4-embedded, loopback'],
  ])('%s is %s', (ip, reason) => {
    expect(nonPublicReason(ip)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (ip) => {
      expect(nonPublicReason(ip)).toBeNull();
    },
  );
});

describe('checkOutboundUrl', () => {
  it.each([
    ['http://127.0.0.1/', '127.0.0.1'],
    ['http://localhost:8080/', '127.0.0.1'],
    ['http://2130706433/', '127.0.0.1'],
    ['http://0x7f.1/', '127.0.0.1'],
    ['http://0x7f000001/', '127.0.0.1'],
    ['http://0177.0.0.1/', '127.0.0.1'],
    ['http://127.1/', '127.0.0.1'],
    ['http://[::1]/', '::1'],
    ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['http://metadata.example/', '169.254.169.254'],
    ['http://0.0.0.0:3000/', '0.0.0.0'],
    ['http://10.0.0.1/', '10.0.0.1'],
    ['http://172.16.5.4/', '172.16.5.4'],
    ['http://192.168.1.1/', '192.168.1.1'],
    ['http://[fc00::1]/', 'fc00::1'],
    ['http://[fe80::1]/', 'fe80::1'],
    ['http://user:pw@127.0.0.1/', '127.0.0.1'],
    ['http://mixed.example/', '10.0.0.5'],
  ])('refuses %s', async (url, address) => {
    const err = await checkOutboundUrl(url, { allowlist: none, resolver: dns }).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err.message).toMatch(/^refused: .+ resolves to a private address \(/);
    expect(err.message).toContain(`(${address},`);
  });

  it('names the host as written in the message', async () => {
    const err = await checkOutboundUrl('http://0x7f.1/', { allowlist: none, resolver: dns }).catch((e) => e);
    expect(err.message).toBe('refused: 0x7f.1 resolves to a private address (127.0.0.1, loopback)');
  });

  it('refuses other schemes, bad URLs and names that do not resolve', async () => {
    for (const [url, msg] of [
      ['file:///etc/passwd', /only http and https/],
      ['gopher://public.example/', /only http and https/],
      ['not a url', /not a valid URL/],
      ['http://nowhere.example/', /does not resolve/],
    ] as const) {
      await expect(checkOutboundUrl(url, { allowlist: none, resolver: dns })).rejects.toThrow(msg);
    }
  });

  it('lets public hosts through and returns the address to pin', async () => {
    const ok = await checkOutboundUrl('https://public.example/x', { allowlist: none, resolver: dns });
    expect(ok).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('an allow-listed address is allowed as spelled, its alias spellings are not', async () => {
    const allowlist = parseAllowlist(['127.0.0.1']);
    await expect(
      checkOutboundUrl('http://127.0.0.1:9/', { allowlist, resolver: dns }),
    ).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    for (const alias of [
      'http://2130706433:9/',
      'http://0x7f.1:9/',
      'http://127.1:9/',
      'http://localhost:9/',
    ])
      await expect(checkOutboundUrl(alias, { allowlist, resolver: dns })).rejects.toThrow(/private address/);
  });

  it('an allow-listed CIDR admits every name and spelling inside it', async () => {
    const allowlist = parseAllowlist(['127.0.0.0/8', '::1/128']);
    for (const url of ['http://2130706433/', 'http://0x7f.1/', 'http://localhost/', 'http://[::1]/'])
      await expect(checkOutboundUrl(url, { allowlist, resolver: dns })).resolves.toBeTruthy();
    await expect(checkOutboundUrl('http://169.254.169.254/', { allowlist, resolver: dns })).rejects.toThrow(
      /private/,
    );
  });
});

describe('safeFetch against a local server', () => {
  let server: Server;
  let port: number;
  const seen: { path: string; auth: string | undefined }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const url = new URL(req.url!, 'http://x');
      seen.push({ path: url.pathname, auth: req.headers.authorization });
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to')! }).end();
      } else if (url.pathname === '/redirect307') {
        res.writeHead(307, { location: url.searchParams.get('to')! }).end();
      } else if (url.pathname === '/loop') {
        res.writeHead(302, { location: '/loop' }).end();
      } else if (url.pathname === '/big') {
        res.writeHead(200).end('x'.repeat(5000));
      } else {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: url.pathname }));
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  // `public.example` is a public-looking name the fake DNS points at the test server; it is
  // allow-listed by name so the first hop connects, and each redirect target is checked anew
  const opts = () => ({
    allowlist: parseAllowlist(['127.0.0.1', 'public.example']),
    resolver: fakeDns({ 'public.example': ['127.0.0.1'], localhost: ['127.0.0.1'] }),
  });

  it('fetches from an allow-listed host', async () => {
    const res = await safeFetch(`http://127.0.0.1:${port}/hello`, {}, opts());
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: '/hello' });
  });

  it('pins the checked address: the name is never looked up again when connecting', async () => {
    // the system resolver does not know public.example: connecting works only through the pin
    const res = await safeFetch(`http://public.example:${port}/pinned`, {}, opts());
    expect(JSON.parse(res.body)).toEqual({ ok: '/pinned' });
  });

  it.each([
    ['an alias spelling of loopback', (p: number) => `http://2130706433:${p}/secret`, '2130706433'],
    ['a hex spelling', (p: number) => `http://0x7f.1:${p}/secret`, '0x7f.1'],
    ['localhost', (p: number) => `http://localhost:${p}/secret`, 'localhost'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    [
      'an IPv4-mapped IPv6 address',
      (p: number) => `http://[::ffff:127.0.0.1]:${p}/secret`,
      '[::ffff:127.0.0.1]',
    ],
  ])('refuses a redirect to %s', async (_what, target, host) => {
    const to = encodeURIComponent(target(port));
    const err = await safeFetch(`http://public.example:${port}/redirect?to=${to}`, {}, opts()).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err.message).toMatch(
      new RegExp(`^refused: ${host.replace(/[[\]]/g, '\\$&')} resolves to a private address`),
    );
    expect(seen.some((s) => s.path === '/secret')).toBe(false);
  });

  it('follows an allowed redirect to another origin for a request without credentials', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${port}/landed`);
    const res = await safeFetch(`http://public.example:${port}/redirect?to=${to}`, {}, opts());
    expect(JSON.parse(res.body)).toEqual({ ok: '/landed' });
    expect(res.url).toBe(`http://127.0.0.1:${port}/landed`);
  });

  it.each([
    ['an Authorization header', { headers: { authorization: 'Bearer s3cret' } }],
    ['a Cookie header', { headers: { cookie: 'sid=s3cret' } }],
    ['a custom header marked as credentials', { headers: { 'x-token': 's3cret' }, credentials: true }],
  ])('refuses a redirect to another origin for a request with %s', async (_what, req) => {
    const to = encodeURIComponent(`http://127.0.0.1:${port}/stolen`);
    const err = await safeFetch(`http://public.example:${port}/redirect?to=${to}`, req, opts()).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err.message).toBe(
      `refused: redirect to another origin (http://127.0.0.1:${port}) would carry credentials`,
    );
    expect(seen.some((s) => s.path === '/stolen')).toBe(false);
  });

  it('follows a same-origin redirect with its credentials', async () => {
    const res = await safeFetch(
      `http://127.0.0.1:${port}/redirect?to=/kept`,
      { headers: { authorization: 'Bearer s3cret' } },
      opts(),
    );
    expect(JSON.parse(res.body)).toEqual({ ok: '/kept' });
    expect(seen.findLast((s) => s.path === '/kept')?.auth).toBe('Bearer s3cret');
  });

  it('refuses a 307 that would resend a body to another origin, with or without credentials', async () => {
    const to = encodeURIComponent(`http://127.0.0.1:${port}/body-trap`);
    const err = await safeFetch(
      `http://public.example:${port}/redirect307?to=${to}`,
      { method: 'POST', body: 'payload' },
      opts(),
    ).catch((e) => e);
    expect(err).toBeInstanceOf(OutboundRefusedError);
    expect(err.message).toBe(
      `refused: a 307 redirect to another origin (http://127.0.0.1:${port}) would resend the request body`,
    );
    expect(seen.some((s) => s.path === '/body-trap')).toBe(false);
  });

  it('stops after 5 redirects', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/loop`, {}, opts())).rejects.toThrow(
      /more than 5 redirects/,
    );
  });

  it('refuses responses over the size limit', async () => {
    await expect(safeFetch(`http://127.0.0.1:${port}/big`, { maxBytes: 1000 }, opts())).rejects.toThrow(
      /larger than 1000 bytes/,
    );
  });
});
