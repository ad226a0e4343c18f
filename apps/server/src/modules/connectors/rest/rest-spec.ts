import type { ConnectorSpec } from '../contract.ts';

/** Settings of a REST API source, as the spec's JSON Schema describes them. */
export interface RestSettings {
  baseUrl: string;
  authType: 'none' | 'api_key' | 'bearer' | 'basic' | 'oauth2';
  apiKeyName?: string;
  apiKeyIn?: 'header' | 'query';
  apiKey?: string;
  bearerToken?: string;
  username?: string;
  password?: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  scope?: string;
  headers?: Record<string, string>;
  maxAttempts: number;
  streams: RestStream[];
}

export type PaginationType = 'none' | 'cursor' | 'next_url' | 'offset' | 'page' | 'link_header';

export interface RestStream {
  name: string;
  path: string;
  params?: Record<string, string>;
  /** JSON Pointer to the records array in a response body ('' = the body is the array) */
  recordsPointer: string;
  primaryKey?: string;
  cursorField?: string;
  /** query parameter an incremental read sends the last cursor value in */
  cursorParam?: string;
  pagination: {
    type: PaginationType;
    /** cursor: JSON Pointer to the next token in the body */
    tokenPointer?: string;
    /** cursor: query parameter the token is sent in */
    tokenParam?: string;
    /** next_url: JSON Pointer to the next page's URL in the body */
    nextUrlPointer?: string;
    /** offset: parameter names and the page size asked for */
    offsetParam?: string;
    limitParam?: string;
    /** page: parameter names and the first page number */
    pageParam?: string;
    startPage?: number;
    pageSizeParam?: string;
    pageSize?: number;
    /** any: JSON Pointer to the total record count; reading stops once that many were read */
    totalPointer?: string;
    /** any: a hard bound on pages per read */
    maxPages: number;
  };
}

const str = (title: string, extra: Record<string, unknown> = {}) => ({ type: 'string', title, ...extra });

export const restSpec: ConnectorSpec = {
  type: 'rest',
  title: 'REST API',
  description: 'Reads JSON records from an HTTP API, page by page, with incremental reads by a cursor field.',
  roles: ['source'],
  secretFields: ['apiKey', 'bearerToken', 'password', 'clientSecret'],
  settings: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    required: ['baseUrl', 'streams'],
    additionalProperties: false,
    properties: {
      baseUrl: str('Base URL', {
        format: 'uri',
        minLength: 1,
        description: 'Stream paths are appended to it',
      }),
      authType: {
        type: 'string',
        title: 'Authentication',
        enum: ['none', 'api_key', 'bearer', 'basic', 'oauth2'],
        default: 'none',
      },
      apiKeyName: str('API key name', {
        description: 'Header or query parameter name',
        default: 'X-Api-Key',
      }),
      apiKeyIn: {
        type: 'string',
        title: 'Send the API key in',
        enum: ['header', 'query'],
        default: 'header',
      },
      apiKey: str('API key', { writeOnly: true }),
      bearerToken: str('Bearer token', { writeOnly: true }),
      username: str('User name'),
      password: str('Password', { writeOnly: true }),
      tokenUrl: str('OAuth2 token URL', { format: 'uri' }),
      clientId: str('OAuth2 client id'),
      clientSecret: str('OAuth2 client secret', { writeOnly: true }),
      scope: str('OAuth2 scope'),
      headers: { type: 'object', title: 'Extra headers', additionalProperties: { type: 'string' } },
      maxAttempts: {
        type: 'integer',
        title: 'Attempts per request',
        description: 'A 429, 5xx or network failure is retried with backoff up to this many attempts',
        minimum: 1,
        maximum: 10,
        default: 5,
      },
      streams: {
        type: 'array',
        title: 'Streams',
        minItems: 1,
        items: {
          type: 'object',
          required: ['name', 'path'],
          additionalProperties: false,
          properties: {
            name: str('Name', { minLength: 1, pattern: '^[A-Za-z0-9_.-]+$' }),
            path: str('Path', { description: 'e.g. /v1/customers' }),
            params: { type: 'object', title: 'Query parameters', additionalProperties: { type: 'string' } },
            recordsPointer: str('Records location', {
              description: 'JSON Pointer to the records array, e.g. /data (empty: the body is the array)',
              default: '',
            }),
            primaryKey: str('Primary key field'),
            cursorField: str('Cursor field', { description: 'e.g. updated_at, for incremental reads' }),
            cursorParam: str('Cursor query parameter', { description: 'e.g. updated_since' }),
            pagination: {
              type: 'object',
              title: 'Pagination',
              default: { type: 'none' },
              additionalProperties: false,
              properties: {
                type: {
                  type: 'string',
                  enum: ['none', 'cursor', 'next_url', 'offset', 'page', 'link_header'],
                  default: 'none',
                },
                tokenPointer: str('Next token location (JSON Pointer)', { default: '/next_cursor' }),
                tokenParam: str('Token query parameter', { default: 'cursor' }),
                nextUrlPointer: str('Next URL location (JSON Pointer)', { default: '/next' }),
                offsetParam: str('Offset parameter', { default: 'offset' }),
                limitParam: str('Limit parameter', { default: 'limit' }),
                pageParam: str('Page parameter', { default: 'page' }),
                startPage: { type: 'integer', title: 'First page number', default: 1 },
                pageSizeParam: str('Page size parameter', { default: 'per_page' }),
                pageSize: { type: 'integer', title: 'Page size', minimum: 1, maximum: 10_000, default: 100 },
                totalPointer: str('Total count location (JSON Pointer)'),
                maxPages: {
                  type: 'integer',
                  title: 'Max pages per read',
                  minimum: 1,
                  default: 100_000,
                },
              },
            },
          },
        },
      },
    },
  },
};
