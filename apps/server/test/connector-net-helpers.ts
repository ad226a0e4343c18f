import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { guardedFetch } from '../src/lib/guarded-fetch.ts';
import { checkOutboundUrl, parseAllowlist } from '../src/lib/safe-fetch.ts';
import type { ConnectorContext, ReadMessage } from '../src/modules/connectors/contract.ts';

/** A connector context whose fetch is the SSRF guard, with loopback 127.0.0.1 allow-listed. */
export function netContext(allow: string[] = ['127.0.0.1']): ConnectorContext & { logs: string[] } {
  const logs: string[] = [];
  const guard = { allowlist: parseAllowlist(allow) };
  return {
    fetch: guardedFetch(guard),
    checkOutbound: (url) => checkOutboundUrl(url, guard),
    scratchDir: mkdtempSync(join(tmpdir(), 'mw-conn-')),
    log: (level, message) => logs.push(`${level}: ${message}`),
    logs,
  };
}

export async function collect(messages: AsyncIterable<ReadMessage>) {
  const records: Record<string, unknown>[] = [];
  const states: Record<string, unknown>[] = [];
  for await (const m of messages) {
    if (m.type === 'record') records.push(m.data);
    if (m.type === 'state') states.push(m.state);
  }
  return { records, states };
}

export type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => unknown;

/** A loopback HTTP server; `url` is its base. */
export async function startServer(handler: Handler): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      Promise.resolve(handler(req, res, Buffer.concat(chunks).toString('utf8'))).catch((err) => {
        res.statusCode = 500;
        res.end(String(err));
      });
    });
  });
  const port = await new Promise<number>((r) =>
    server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port)),
  );
  return { url: `http://127.0.0.1:${port}`, server };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
