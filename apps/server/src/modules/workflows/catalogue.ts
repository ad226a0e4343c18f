import {
  HTTP_METHODS,
  SAMPLE_SOURCE_APP,
  type TCatalogueEndpoint,
  type TSourceApp,
} from '@mapwright/contracts';
import { buildFinanceOpenApi } from '../../sample-apps/finance/finance.openapi.ts';

/*
 * The palette: each source app's endpoints with their parameters and response schemas. The
 * built-in sample finance API's come from its OpenAPI catalogue (the same document served at
 * /api/v1/openapi.json).
 */

type Json = Record<string, unknown>;

/** Where a response keeps its records and whether it links to a next page. */
function shapeOf(schema: Json) {
  const props = (schema.properties ?? {}) as Record<string, Json>;
  const isList = (props.data as Json | undefined)?.type === 'array';
  const page = props.page as Json | undefined;
  const hasNext = Boolean((page?.properties as Json | undefined)?.next);
  return {
    recordsPath: isList ? 'data' : null,
    pagination: hasNext ? ({ follow: 'page.next' } as const) : null,
  };
}

/** Endpoints of an OpenAPI 3 document, in its order. */
export function endpointsOf(doc: Json): TCatalogueEndpoint[] {
  const out: TCatalogueEndpoint[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of HTTP_METHODS) {
      const op = item[method.toLowerCase()] as Json | undefined;
      if (!op) continue;
      const ok = ((op.responses as Json | undefined)?.['200'] ?? {}) as Json;
      const responseSchema = (((ok.content as Json | undefined)?.['application/json'] as Json | undefined)
        ?.schema ?? {}) as Json;
      out.push({
        operationId: String(op.operationId ?? `${method} ${path}`),
        method,
        path,
        summary: String(op.summary ?? ''),
        description: String(op.description ?? ''),
        parameters: ((op.parameters ?? []) as Json[]).map((p) => ({
          name: String(p.name),
          in: p.in === 'path' ? 'path' : 'query',
          required: Boolean(p.required),
          description: typeof p.description === 'string' ? p.description : null,
          schema: (p.schema ?? {}) as Json,
        })),
        responseSchema,
        ...shapeOf(responseSchema),
      });
    }
  }
  return out;
}

let sample: TSourceApp | undefined;

export function sampleFinanceApp(): TSourceApp {
  sample ??= {
    id: SAMPLE_SOURCE_APP,
    name: 'Sample Finance API',
    logo: null,
    description:
      'A sample finance application built into Mapwright: entities, transactions, cards and reimbursements. Lists are paginated with page.next.',
    kind: 'builtin',
    baseUrl: '/api/v1',
    catalogueUrl: '/api/v1/openapi.json',
    catalogueError: null,
    endpoints: endpointsOf(buildFinanceOpenApi('') as Json),
  };
  return sample;
}
