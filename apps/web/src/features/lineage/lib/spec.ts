import { bucketOf } from '../../../lib/confidence.ts';
/**
 * The deployed mapper as GET /pipelines/{id}/mapper gives it (the spec form of api-pipelines.md,
 * one entry per target path) read into one record per target field, with its type from the
 * target schema. Entries written by other tools may lack `@transform`; they read as the
 * engine's fromApiSpec reads them.
 */

export interface TTransform {
  kind: string;
  [key: string]: unknown;
}

export interface TSpecEntry {
  '@sources'?: string[];
  '@default_values'?: unknown[];
  '@lookup'?: Record<string, unknown>;
  '@transform'?: TTransform;
  confidence?: { score: number; bucket: string };
  reason?: string;
  status?: string;
}
export type TApiSpec = Record<string, TSpecEntry>;

export interface TLineageField {
  target: string;
  sources: string[];
  transform: TTransform;
  hasDefault: boolean;
  default: unknown;
  /** 0..1 */
  confidence: number;
  bucket: string;
  reason: string;
  status?: string;
  /** from the target schema, e.g. "string · date"; undefined when the schema does not say */
  type?: string;
}

function transformOf(e: TSpecEntry, sources: string[]): TTransform {
  if (e['@transform'] && typeof e['@transform'].kind === 'string') return e['@transform'];
  if (e['@lookup']) return { kind: 'lookup', table: e['@lookup'] };
  if (sources.length === 0) return { kind: 'constant' };
  if (sources.length > 1) return { kind: 'concat', separator: ' ' };
  return { kind: 'copy' };
}

type TSchemaNode = Record<string, unknown>;
const asNode = (v: unknown): TSchemaNode | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TSchemaNode) : undefined;

/** The schema node of a target path (`customer.name`, `lines[*].sku`), if the schema has one. */
export function schemaNodeAt(schema: TSchemaNode | undefined, path: string): TSchemaNode | undefined {
  let node = schema;
  for (const part of path.split('.')) {
    const each = part.endsWith('[*]');
    const key = each ? part.slice(0, -3) : part;
    const props = asNode(node?.properties);
    node = props && Object.hasOwn(props, key) ? asNode(props[key]) : undefined;
    if (each) node = asNode(node?.items);
    if (!node) return undefined;
  }
  return node;
}

/** "string", "number", "string · date", "integer or null". */
export function typeLabel(node: TSchemaNode | undefined): string | undefined {
  if (!node) return undefined;
  const types = (Array.isArray(node.type) ? node.type : [node.type]).filter(
    (t): t is string => typeof t === 'string',
  );
  const main = types.filter((t) => t !== 'null');
  const base = main.length ? main.join(' or ') : types[0];
  if (!base) return typeof node.format === 'string' ? node.format : undefined;
  const nullable = types.includes('null') && main.length ? ' or null' : '';
  return typeof node.format === 'string' ? `${base} · ${node.format}${nullable}` : `${base}${nullable}`;
}

export function fieldsOf(spec: TApiSpec, schema?: Record<string, unknown>): TLineageField[] {
  return Object.entries(spec).map(([target, e]) => {
    const sources = Array.isArray(e['@sources']) ? e['@sources'] : [];
    const defaults = Array.isArray(e['@default_values']) ? e['@default_values'] : [];
    const confidence = typeof e.confidence?.score === 'number' ? e.confidence.score : 0.5;
    return {
      target,
      sources,
      transform: transformOf(e, sources),
      hasDefault: defaults.length > 0,
      default: defaults[0],
      confidence,
      bucket: e.confidence?.bucket ?? bucketOf(confidence),
      reason: e.reason ?? '',
      status: e.status,
      type: typeLabel(schemaNodeAt(schema, target)),
    };
  });
}

/** A JSONata field reads the whole record when it names no sources (the engine's readsWholeInput). */
export function readsWholeRecord(f: Pick<TLineageField, 'sources' | 'transform'>): boolean {
  const t = f.transform;
  const first = t.kind === 'chain' && Array.isArray(t.steps) ? (t.steps[0] as TTransform | undefined) : t;
  return f.sources.length === 0 && first?.kind === 'jsonata';
}

export const CONFIDENCE_COLORS: Record<string, string> = {
  'Very High': 'green',
  High: 'cyan', // teal's light badge falls just below WCAG AA
  Medium: 'yellow',
  Low: 'orange',
  'Very Low': 'red',
};
export const confidenceColor = (bucket: string) => CONFIDENCE_COLORS[bucket] ?? 'gray';
export const percent = (c: number) =>
  Math.min(1, Math.max(0, c)).toLocaleString(undefined, { style: 'percent', maximumFractionDigits: 0 });
/** Low and Very Low: edges of these fields move, to draw the eye to what a person should check. */
export const isLowConfidence = (c: number) => c < 0.5;
