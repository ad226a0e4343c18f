/**
 * Conversion between Mapwright's MappingSpec and the api-pipelines.md "spec" form (one entry per
 * target property). The API form carries `@transform` and `status` as Mapwright extensions so that
 * fromApiSpec(toApiSpec(spec)) gives back the same spec.
 */
import {
  type ApiSpec,
  type ApiSpecEntry,
  bucketOf,
  type FieldMapping,
  type MappingSpec,
  SPEC_VERSION,
  type Transform,
} from './types.ts';

function lookupOf(t: Transform): Record<string, unknown> | undefined {
  if (t.kind === 'lookup') return t.table;
  if (t.kind === 'chain') {
    for (const s of t.steps) {
      const l = lookupOf(s);
      if (l) return l;
    }
  }
  return undefined;
}

export function toApiSpec(spec: MappingSpec): ApiSpec {
  // a null-prototype accumulator: target names come from users, and "__proto__" must stay a plain key
  const out: ApiSpec = Object.create(null);
  for (const f of spec.fields) {
    const entry: ApiSpecEntry & { status?: string } = {
      '@sources': [...f.sources],
      '@default_values': f.default === undefined ? [] : [f.default],
      confidence: { score: f.confidence, bucket: f.bucket },
      confidence_score: { score: f.confidence, bucket: f.bucket },
      reason: f.reason,
      '@transform': structuredClone(f.transform),
    };
    const lookup = lookupOf(f.transform);
    if (lookup) entry['@lookup'] = { ...lookup };
    if (f.omitNull !== undefined) entry['@omit_null'] = f.omitNull;
    if (f.status) entry.status = f.status;
    out[f.target] = entry;
  }
  return { ...out };
}

/** Reads the API form back. Entries written by other tools (no `@transform`) become copy/lookup/constant. */
export function fromApiSpec(api: ApiSpec): MappingSpec {
  const fields: FieldMapping[] = [];
  for (const [target, e] of Object.entries(api)) {
    const sources = Array.isArray(e['@sources']) ? [...e['@sources']] : [];
    const defaults = Array.isArray(e['@default_values']) ? e['@default_values'] : [];
    let transform: Transform;
    if (e['@transform']) transform = structuredClone(e['@transform']);
    else if (e['@lookup']) transform = { kind: 'lookup', table: { ...e['@lookup'] } };
    else if (sources.length === 0) transform = { kind: 'constant' };
    else if (sources.length > 1) transform = { kind: 'concat', separator: ' ' };
    else transform = { kind: 'copy' };
    const scoreRaw = e.confidence?.score ?? (e.confidence_score as { score?: unknown } | undefined)?.score;
    const confidence = typeof scoreRaw === 'number' ? scoreRaw : 0.5;
    const f: FieldMapping = {
      target,
      sources,
      transform,
      confidence,
      bucket: e.confidence?.bucket ?? bucketOf(confidence),
      reason: e.reason ?? '',
    };
    if (defaults.length > 0) f.default = structuredClone(defaults[0]);
    if (typeof e['@omit_null'] === 'boolean') f.omitNull = e['@omit_null'];
    const status = (e as { status?: unknown }).status;
    if (status === 'suggested' || status === 'edited' || status === 'approved') f.status = status;
    fields.push(f);
  }
  return { version: SPEC_VERSION, fields };
}
