/**
 * The mapper shapes these screens read. The server stores the engine's MappingSpec (one field
 * mapping per target leaf) and shows the deployed one in the api-pipelines.md "spec" form.
 */
export interface TTransform {
  kind: string;
  [k: string]: unknown;
}
export interface TFieldMapping {
  target: string;
  sources: string[];
  transform: TTransform;
  default?: unknown;
  confidence: number;
  bucket: string;
  reason: string;
  status?: string;
  /** an unmapped optional field that does not accept null is left out rather than set to null */
  omitNull?: boolean;
}
export interface TMappingSpec {
  version: 1;
  fields: TFieldMapping[];
}

export type TFieldAspect = 'sources' | 'transform' | 'default' | 'confidence' | 'reason' | 'status';
export interface TSpecDiff {
  from: number;
  to: number;
  added: TFieldMapping[];
  removed: TFieldMapping[];
  changed: { target: string; changed: TFieldAspect[]; before: TFieldMapping; after: TFieldMapping }[];
  unchanged: string[];
}

/** One target property of the api-pipelines.md spec form. */
export interface TApiSpecEntry {
  '@sources': string[];
  '@default_values': unknown[];
  '@lookup'?: Record<string, unknown>;
  '@transform'?: TTransform;
  confidence?: { score: number; bucket: string };
  reason?: string;
  status?: string;
  '@omit_null'?: boolean;
}
export type TApiSpec = Record<string, TApiSpecEntry>;

/** The spec form read back as field mappings (what the engine's fromApiSpec does, for display and drafts). */
export function fromApiSpec(api: TApiSpec): TMappingSpec {
  const fields = Object.entries(api).map(([target, e]): TFieldMapping => {
    const sources = Array.isArray(e['@sources']) ? [...e['@sources']] : [];
    const defaults = Array.isArray(e['@default_values']) ? e['@default_values'] : [];
    const transform: TTransform =
      e['@transform'] ??
      (e['@lookup']
        ? { kind: 'lookup', table: { ...e['@lookup'] } }
        : sources.length === 0
          ? { kind: 'constant' }
          : sources.length > 1
            ? { kind: 'concat', separator: ' ' }
            : { kind: 'copy' });
    const confidence = typeof e.confidence?.score === 'number' ? e.confidence.score : 0.5;
    const f: TFieldMapping = {
      target,
      sources,
      transform,
      confidence,
      bucket: e.confidence?.bucket ?? 'Medium',
      reason: e.reason ?? '',
    };
    if (defaults.length > 0) f.default = defaults[0];
    if (e.status) f.status = e.status;
    if (e['@omit_null'] === true) f.omitNull = true;
    return f;
  });
  return { version: 1, fields };
}

const json = (v: unknown) => JSON.stringify(v);

/** A transform in a few words: "cast to number", "lookup (4 values)", "JSONata". */
export function describeTransform(t: TTransform): string {
  switch (t.kind) {
    case 'copy':
      return 'copy';
    case 'cast':
      return `cast to ${String(t.to)}`;
    case 'date':
      return `date → ${String(t.to)}`;
    case 'text':
      return `text ${String(t.op)}`;
    case 'concat':
      return `join with ${json(t.separator)}`;
    case 'split':
      return `split on ${json(t.separator)}, part ${String(t.index)}`;
    case 'lookup': {
      const n = Object.keys((t.table as Record<string, unknown>) ?? {}).length;
      return `lookup (${n.toLocaleString()} ${n === 1 ? 'value' : 'values'})`;
    }
    case 'arithmetic':
      return `${String(t.op)} ${String(t.operand)}`;
    case 'aggregate':
      return `${String(t.fn)} of list`;
    case 'constant':
      return 'constant';
    case 'jsonata':
      return 'JSONata expression';
    case 'chain':
      return ((t.steps as TTransform[]) ?? []).map(describeTransform).join(' → ');
    default:
      return t.kind;
  }
}

/** A value as short text for tables (defaults, lookups). */
export function valueText(v: unknown): string {
  if (v === undefined) return '—';
  if (typeof v === 'string') return json(v);
  return json(v) ?? '—';
}
