import { describe, expect, it } from 'vitest';
import { notOpenApi3, paletteDocument, pathPrefixOf } from '../src/modules/workflows/app-catalogue.ts';
import { endpointsOf } from '../src/modules/workflows/catalogue.ts';

const DOC_URL = 'https://api.x.com/openapi.json';
interface TPage {
  properties: {
    data: { items: { properties: { id: unknown; children: { items: unknown } } } };
    other: unknown;
  };
}

describe('a connected app catalogue as the palette reads it', () => {
  it.each([
    ['https://api.x.com', 'https://api.x.com/v2', '/v2'],
    ['https://api.x.com/v2', 'https://api.x.com/v2', ''],
    ['https://api.x.com/v2/', '/v2', ''],
    ['https://api.x.com/api', '/api/v2', '/v2'],
    ['https://gw.x.com/proxy', 'https://api.x.com/{version}', '/v3'],
    ['https://api.x.com', '/', ''],
    ['https://api.x.com', undefined, ''],
  ])('baseUrl %s with servers[0] %s prefixes paths with "%s"', (baseUrl, server, prefix) => {
    const doc = {
      openapi: '3.1.0',
      paths: {},
      ...(server
        ? { servers: [{ url: server, variables: { version: { default: 'v3', enum: ['v3'] } } }] }
        : {}),
    };
    expect(pathPrefixOf(doc, DOC_URL, baseUrl)).toBe(prefix);
  });

  it.each([
    [[], 'it is not a JSON object'],
    [{ swagger: '2.0', paths: {} }, 'it is Swagger 2.0; convert it to OpenAPI 3'],
    [{ openapi: '4.0.0', paths: {} }, 'its version is "4.0.0", not 3.x'],
    [{ openapi: '3.0.0' }, '"paths" is not an object'],
    [{ openapi: '3.0.0', paths: { items: {} } }, 'the path "items" does not start with /'],
    [{ openapi: '3.0.0', paths: { '/items': [] } }, 'the path "/items" is not an object'],
    [{ openapi: '3.1.0', paths: {} }, null],
  ])('checks the document %j: %s', (doc, why) => {
    expect(notOpenApi3(doc)).toBe(why);
  });

  it('expands local $refs, leaves recursive and external ones open, keeps JSON 2xx responses', () => {
    const doc = {
      openapi: '3.1.0',
      paths: {
        '/nodes': {
          get: {
            parameters: [
              { name: 'q', in: 'query', schema: true },
              { name: 'session', in: 'cookie', schema: { type: 'string' } },
            ],
            responses: {
              '201': {
                content: { 'application/vnd.api+json': { schema: { $ref: '#/components/schemas/Page' } } },
              },
            },
          },
          post: { responses: { '200': { content: { 'text/plain': { schema: { type: 'string' } } } } } },
        },
      },
      components: {
        schemas: {
          Page: {
            type: 'object',
            properties: {
              data: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
              other: { $ref: 'https://elsewhere.example/schema.json' },
            },
          },
          Node: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/components/schemas/Node' } },
            },
          },
        },
      },
    };
    const [get, post] = endpointsOf(paletteDocument(doc, DOC_URL, 'https://api.x.com'));
    expect(get).toMatchObject({
      method: 'GET',
      path: '/nodes',
      operationId: 'GET /nodes',
      recordsPath: 'data',
    });
    expect(get!.parameters).toEqual([
      { name: 'q', in: 'query', required: false, description: null, schema: {} },
    ]);
    const page = get!.responseSchema as unknown as TPage;
    expect(page.properties.data.items.properties.id).toEqual({ type: 'string' });
    expect(page.properties.data.items.properties.children.items).toEqual({});
    expect(page.properties.other).toEqual({});
    expect(post).toMatchObject({ method: 'POST', responseSchema: {}, recordsPath: null });
  });
});
