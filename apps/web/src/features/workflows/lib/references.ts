/*
 * `{{nodes.<id>.data[*].<field>}}` in a parameter: one call per value of the field in that
 * node's records (fan-out); `data[0]` takes the first value only. Mirrors the server's
 * templates.ts grammar for what the builder writes and shows.
 */

const REF = /\{\{\s*nodes\.([A-Za-z][A-Za-z0-9_-]*)((?:\.[^.\s{}[\]]+|\[(?:\*|\d+)\])*)\s*\}\}/g;

export interface TParamRef {
  nodeId: string;
  path: string;
  fanOut: boolean;
}

export const fanOutRef = (nodeId: string, field: string) => `{{nodes.${nodeId}.data[*].${field}}}`;
export const firstValueRef = (nodeId: string, field: string) => `{{nodes.${nodeId}.data[0].${field}}}`;

export function refsIn(value: unknown): TParamRef[] {
  if (typeof value !== 'string') return [];
  return [...value.matchAll(REF)].map((m) => ({
    nodeId: m[1]!,
    path: m[2]!,
    fanOut: m[2]!.includes('[*]'),
  }));
}

/** In words, for the node card and the parameter hint. */
export function describeRef(r: TParamRef): string {
  const field = r.path.replace(/^\.data(\[(\*|\d+)\])?\.?/, '') || 'record';
  return r.fanOut
    ? `every ${field} of ${r.nodeId} (one call each)`
    : `${field} of ${r.nodeId}'s first record`;
}

type Json = Record<string, unknown>;

/**
 * Scalar fields of an endpoint's records (from its response schema), e.g. `id`,
 * `card_holder.first_name`: what a later node can take values from.
 */
export function recordFields(responseSchema: Json, recordsPath: string | null, max = 60): string[] {
  let schema: Json | undefined = responseSchema;
  if (recordsPath)
    schema = ((schema?.properties as Json | undefined)?.[recordsPath] as Json | undefined)?.items as Json;
  const out: string[] = [];
  const walk = (s: Json | undefined, prefix: string, depth: number) => {
    const props = s?.properties as Record<string, Json> | undefined;
    if (!props || depth > 3) return;
    for (const [k, v] of Object.entries(props)) {
      if (out.length >= max) return;
      const path = prefix ? `${prefix}.${k}` : k;
      if (v.type === 'object') walk(v, path, depth + 1);
      else if (v.type !== 'array') out.push(path);
    }
  };
  walk(schema, '', 0);
  return out;
}
