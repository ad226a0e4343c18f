import { type ConnectorContext, ConnectorRuntimeError } from '../contract.ts';

/*
 * Brokers speak their own protocols, so the SSRF guard cannot see their traffic: the host is
 * judged first (as an http URL on the same host and port) and the connection then goes to the
 * address the guard checked, so a second DNS answer cannot swap it.
 */
export async function guardHost(
  ctx: ConnectorContext,
  host: string,
  port: number,
  what: string,
): Promise<string> {
  const url = `http://${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}/`;
  if (ctx.checkOutbound) {
    try {
      return (await ctx.checkOutbound(url)).address;
    } catch (err) {
      throw new ConnectorRuntimeError(`${what}: ${(err as Error).message}`);
    }
  }
  // without a verdict function, a probe through the guarded fetch refuses what the guard refuses
  // (the broker answers HTTP with an error, which is fine: only a refusal matters)
  try {
    await ctx.fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
  } catch (err) {
    if ((err as Error)?.name === 'OutboundRefusedError')
      throw new ConnectorRuntimeError(`${what}: ${(err as Error).message}`);
  }
  return host;
}
