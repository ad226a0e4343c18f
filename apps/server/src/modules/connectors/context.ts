import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.ts';
import { checkOutboundUrl, parseAllowlist, safeFetch } from '../../lib/safe-fetch.ts';
import type { ConnectorContext } from './contract.ts';
import { orgDatasets } from './dataset/org-datasets.ts';
import { orgFiles } from './file/org-files.ts';

/**
 * The organization a task works for, for code that builds a connector context without being
 * handed one (the sync runner): sync.task.ts runs a sync inside it.
 */
const organizationScope = new AsyncLocalStorage<string>();
export const withConnectorOrganization = <T>(orgId: string, fn: () => Promise<T>) =>
  organizationScope.run(orgId, fn);

/**
 * What a connector gets from the server. `fetch` is the SSRF-guarded one of lib/safe-fetch.ts
 * with the server's OUTBOUND_ALLOWLIST (the same rule as workflows), shaped as the standard
 * fetch so connectors can use it like any other. With an organization (given, or the task's), the
 * context carries that organization's datasets and files, and nobody else's.
 */
export function connectorContext(
  ctx: AppContext,
  log?: ConnectorContext['log'],
  orgId: string | undefined = organizationScope.getStore(),
): ConnectorContext {
  const guard = { allowlist: parseAllowlist(ctx.config.OUTBOUND_ALLOWLIST) };
  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = Object.fromEntries(
      new Headers(init.headers ?? (input instanceof Request ? input.headers : {})),
    );
    const body = init.body === undefined || init.body === null ? undefined : String(init.body);
    const res = await safeFetch(
      url,
      { method: init.method, headers, body, signal: init.signal ?? undefined },
      guard,
    );
    const empty = res.status === 204 || res.status === 205 || res.status === 304;
    const out = new Response(empty ? null : res.body, { status: res.status, headers: res.headers });
    Object.defineProperty(out, 'url', { value: res.url });
    return out;
  };
  const scratchDir = join(ctx.config.DATA_DIR, 'tmp', 'connectors');
  mkdirSync(scratchDir, { recursive: true });
  return {
    fetch: guarded as typeof fetch,
    scratchDir,
    log: log ?? ((level, message) => ctx.log[level]({ connector: true }, message)),
    // the guard's verdict for clients that do not send through fetch (databases, brokers, S3)
    async checkOutbound(url) {
      const { address, family } = await checkOutboundUrl(url, guard);
      return { address, family };
    },
    ...(orgId ? { datasets: orgDatasets(ctx, orgId), files: orgFiles(ctx, orgId) } : {}),
  };
}
