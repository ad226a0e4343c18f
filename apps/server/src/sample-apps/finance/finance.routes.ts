import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../lib/errors.ts';
import { type FinancePage, financeData } from './finance.data.ts';
import { buildFinanceOpenApi, FINANCE_ENDPOINTS, type FinanceEndpoint } from './finance.openapi.ts';
import {
  ZCardsQuery,
  ZEntitiesQuery,
  ZFinanceDetail,
  ZFinanceValidationError,
  ZReimbursementsQuery,
  ZTransactionParams,
  ZTransactionsQuery,
} from './finance.schemas.ts';
import {
  getTransaction,
  listCards,
  listEntities,
  listReimbursements,
  listTransactions,
} from './finance.service.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/** Absolute URL of the request with `start` moved to the next cursor; other parameters kept. */
function nextUrl(req: FastifyRequest, nextStart: string | null): string | null {
  if (nextStart === null) return null;
  const url = new URL(req.url, `${req.protocol}://${req.host}`);
  url.searchParams.set('start', nextStart);
  return url.toString();
}

const listBody = <T>(req: FastifyRequest, page: FinancePage<T>) => ({
  data: page.data,
  page: { next: nextUrl(req, page.nextStart) },
});

// anonymous unless FINANCE_API_KEY is configured
const security: Record<string, string[]>[] = [{}, { bearer: [] }];

/** Docs and response schemas of one endpoint; each route adds its own querystring/params schema. */
function routeSchema(ep: FinanceEndpoint) {
  return {
    tags: ['sample finance API'],
    summary: ep.summary,
    description: ep.description,
    operationId: ep.operationId,
    security,
    response: {
      200: ep.response,
      401: ZFinanceDetail,
      ...(ep.errors.includes(404) ? { 404: ZFinanceDetail } : {}),
      422: ZFinanceValidationError,
    },
  };
}

/**
 * The sample finance API (spec §7): a stand-in third-party application the workflow builder pulls
 * from. No Mapwright login; when FINANCE_API_KEY is set every data request needs
 * `Authorization: Bearer <key>`. Its OpenAPI catalogue is public so apps can be browsed.
 */
export async function financeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const key = app.ctx.config.FINANCE_API_KEY;
  const keyHash = key ? sha256(key) : null;
  const rateLimit = { max: 3000, timeWindow: '1 minute' };

  const requireKey = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!keyHash) return;
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    // compare digests: constant time and independent of the presented key's length
    if (!m || !timingSafeEqual(sha256(m[1]!.trim()), keyHash)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized(m ? 'Invalid API key' : 'Missing bearer API key');
    }
  };
  const E = FINANCE_ENDPOINTS;
  const common = { onRequest: requireKey, config: { rateLimit } };

  r.get(
    '/v1/entities',
    { ...common, schema: { ...routeSchema(E.entities), querystring: ZEntitiesQuery } },
    async (req) => listBody(req, listEntities(financeData(), req.query)),
  );

  r.get(
    '/v1/transactions',
    { ...common, schema: { ...routeSchema(E.transactions), querystring: ZTransactionsQuery } },
    async (req) => listBody(req, listTransactions(financeData(), req.query)),
  );

  r.get(
    '/v1/transactions/:transaction_id',
    { ...common, schema: { ...routeSchema(E.transaction), params: ZTransactionParams } },
    async (req) => getTransaction(financeData(), req.params.transaction_id),
  );

  r.get(
    '/v1/cards',
    { ...common, schema: { ...routeSchema(E.cards), querystring: ZCardsQuery } },
    async (req) => listBody(req, listCards(financeData(), req.query)),
  );

  r.get(
    '/v1/reimbursements',
    { ...common, schema: { ...routeSchema(E.reimbursements), querystring: ZReimbursementsQuery } },
    async (req) => listBody(req, listReimbursements(financeData(), req.query)),
  );

  r.get(
    '/v1/openapi.json',
    {
      schema: {
        tags: ['sample finance API'],
        summary: 'OpenAPI 3.1 catalogue of the sample finance API',
        security: [],
      },
      config: { rateLimit },
    },
    async (req) => buildFinanceOpenApi(`${req.protocol}://${req.host}`),
  );
}
