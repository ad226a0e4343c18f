import { z } from 'zod';
import {
  ZCardsQuery,
  ZEntitiesQuery,
  ZFinanceAccount,
  ZFinanceAddress,
  ZFinanceCard,
  ZFinanceCardHolder,
  ZFinanceCardList,
  ZFinanceDetail,
  ZFinanceEntity,
  ZFinanceEntityList,
  ZFinanceReimbursement,
  ZFinanceReimbursementList,
  ZFinanceTransaction,
  ZFinanceTransactionDetail,
  ZFinanceTransactionList,
  ZFinanceValidationError,
  ZReimbursementsQuery,
  ZTransactionParams,
  ZTransactionsQuery,
} from './finance.schemas.ts';

/** Where the finance API is mounted (the app registers everything under `/api`). */
export const FINANCE_PREFIX = '/api';

type ZObject = z.ZodObject<z.ZodRawShape>;

export interface FinanceEndpoint {
  /** path relative to FINANCE_PREFIX, in Fastify syntax (`:param`) */
  route: string;
  operationId: string;
  summary: string;
  description: string;
  querystring?: ZObject;
  params?: ZObject;
  response: z.ZodType;
  /** error statuses this endpoint can answer besides 401 */
  errors: (404 | 422)[];
}

/** The endpoints of spec §7 "Sample finance API": the routes and the catalogue both read this. */
export const FINANCE_ENDPOINTS = {
  entities: {
    route: '/v1/entities',
    operationId: 'listEntities',
    summary: 'List entities',
    description: 'The business entities (legal companies) with their general-ledger accounts.',
    querystring: ZEntitiesQuery,
    response: ZFinanceEntityList,
    errors: [422],
  },
  transactions: {
    route: '/v1/transactions',
    operationId: 'listTransactions',
    summary: "List an entity's transactions",
    description: 'Card and bank transactions of one entity over the last 24 months, newest first.',
    querystring: ZTransactionsQuery,
    response: ZFinanceTransactionList,
    errors: [422],
  },
  transaction: {
    route: '/v1/transactions/:transaction_id',
    operationId: 'getTransaction',
    summary: 'Get one transaction',
    description: 'One transaction by id.',
    params: ZTransactionParams,
    response: ZFinanceTransactionDetail,
    errors: [404, 422],
  },
  cards: {
    route: '/v1/cards',
    operationId: 'listCards',
    summary: "List an entity's cards",
    description:
      'Corporate cards of one entity. By default only activated, non-terminated cards; narrow to one card program with card_program_id.',
    querystring: ZCardsQuery,
    response: ZFinanceCardList,
    errors: [422],
  },
  reimbursements: {
    route: '/v1/reimbursements',
    operationId: 'listReimbursements',
    summary: 'List reimbursements',
    description: 'Out-of-pocket expense reimbursements, newest first.',
    querystring: ZReimbursementsQuery,
    response: ZFinanceReimbursementList,
    errors: [422],
  },
} satisfies Record<string, FinanceEndpoint>;

type JsonSchema = Record<string, unknown>;

function toJson(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12' }) as JsonSchema;
  return json;
}

function parametersOf(schema: ZObject, where: 'query' | 'path') {
  const json = toJson(schema, 'input') as { properties: Record<string, JsonSchema>; required?: string[] };
  return Object.entries(json.properties).map(([name, prop]) => {
    const { description, ...rest } = prop;
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    };
  });
}

const json = (schema: JsonSchema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/**
 * The catalogue: an OpenAPI 3.1 document of the sample finance API, generated from the same zod
 * schemas the routes validate with. `origin` (e.g. `http://localhost:3000`) becomes the server URL;
 * paths are absolute from it. Response schemas are inlined so a reader needs no `$ref` resolver;
 * the record schemas are also listed under components for browsing.
 */
export function buildFinanceOpenApi(origin: string) {
  documentBody ??= buildDocumentBody();
  return { openapi: '3.1.0', ...documentBody.head, servers: [{ url: origin }], ...documentBody.rest };
}

let documentBody: ReturnType<typeof buildDocumentBody> | undefined;

/** Everything but the server URL; built once (the schemas never change at run time). */
function buildDocumentBody() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const ep of Object.values(FINANCE_ENDPOINTS) as FinanceEndpoint[]) {
    const path = FINANCE_PREFIX + ep.route.replace(/:(\w+)/g, '{$1}');
    const responses: Record<string, unknown> = {
      200: json(toJson(ep.response, 'output'), 'OK'),
      401: json(
        toJson(ZFinanceDetail, 'output'),
        'Missing or wrong bearer key (only when the API key is configured)',
      ),
    };
    if (ep.errors.includes(404)) responses[404] = json(toJson(ZFinanceDetail, 'output'), 'Not found');
    if (ep.errors.includes(422))
      responses[422] = json(toJson(ZFinanceValidationError, 'output'), 'A parameter is missing or invalid');
    paths[path] = {
      get: {
        operationId: ep.operationId,
        summary: ep.summary,
        description: ep.description,
        tags: ['finance'],
        parameters: [
          ...(ep.params ? parametersOf(ep.params, 'path') : []),
          ...(ep.querystring ? parametersOf(ep.querystring, 'query') : []),
        ],
        responses,
      },
    };
  }
  const components = {
    Entity: ZFinanceEntity,
    Account: ZFinanceAccount,
    Transaction: ZFinanceTransaction,
    TransactionDetail: ZFinanceTransactionDetail,
    Card: ZFinanceCard,
    CardHolder: ZFinanceCardHolder,
    Address: ZFinanceAddress,
    Reimbursement: ZFinanceReimbursement,
    Error: ZFinanceDetail,
    ValidationError: ZFinanceValidationError,
  };
  return {
    head: {
      info: {
        title: 'Sample Finance API',
        version: '1.0.0',
        description:
          'A sample third-party finance application: entities, transactions, cards and reimbursements. ' +
          'Lists are cursor-paginated: follow `page.next` until it is null.',
      },
    },
    rest: {
      security: [{}, { bearer: [] }],
      tags: [{ name: 'finance', description: 'Sample finance API' }],
      paths,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Only when FINANCE_API_KEY is set' },
        },
        schemas: Object.fromEntries(Object.entries(components).map(([k, s]) => [k, toJson(s, 'output')])),
      },
    },
  };
}
