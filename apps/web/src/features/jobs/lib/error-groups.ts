import { recordErrorsOf, ruleOf, type TMapping } from './messages.ts';
import { valueAtPath } from './paths.ts';

export const MAX_SAMPLES = 5;

export interface TSample {
  /** what the record held: the mapped value, else the value of the field's source */
  value: unknown;
  from: 'mapped' | 'source' | 'missing';
  index: number;
}
export interface TErrorGroup {
  type: string;
  field: string;
  /** records with this error */
  count: number;
  rules: { rule: string; count: number }[];
  samples: TSample[];
}
export interface TErrorTypeGroup {
  type: string;
  count: number;
  fields: TErrorGroup[];
}

const sampleKey = (s: TSample) => `${s.from}:${JSON.stringify(s.value) ?? 'undefined'}`;

/**
 * Groups quarantined records' errors by type, then field: how many records, which rules and a
 * few distinct sample values. `sourcesOf` names a target field's source paths (from the mapper),
 * so a value the mapper could not convert (and dropped) can still be shown as the source held it.
 */
export function groupErrors(
  mappings: TMapping[],
  sourcesOf: (field: string) => string[] = () => [],
): TErrorTypeGroup[] {
  const groups = new Map<string, TErrorGroup & { seen: Set<string>; ruleCounts: Map<string, number> }>();
  for (const m of mappings) {
    for (const [field, err] of Object.entries(recordErrorsOf(m.message))) {
      const key = `${err.error_type}\u0000${field}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          type: err.error_type,
          field,
          count: 0,
          rules: [],
          samples: [],
          seen: new Set(),
          ruleCounts: new Map(),
        };
        groups.set(key, g);
      }
      g.count++;
      const rule = ruleOf(field, err.error_message);
      g.ruleCounts.set(rule, (g.ruleCounts.get(rule) ?? 0) + 1);
      if (g.samples.length < MAX_SAMPLES) {
        const sample = sampleOf(m, field, sourcesOf(field));
        const k = sampleKey(sample);
        if (!g.seen.has(k)) {
          g.seen.add(k);
          g.samples.push(sample);
        }
      }
    }
  }
  const byType = new Map<string, TErrorTypeGroup>();
  for (const { seen: _s, ruleCounts, ...g } of groups.values()) {
    const group: TErrorGroup = {
      ...g,
      rules: [...ruleCounts].map(([rule, count]) => ({ rule, count })).sort((a, b) => b.count - a.count),
    };
    const t = byType.get(g.type) ?? { type: g.type, count: 0, fields: [] };
    t.fields.push(group);
    t.count += g.count;
    byType.set(g.type, t);
  }
  const types = [...byType.values()];
  for (const t of types) t.fields.sort((a, b) => b.count - a.count || a.field.localeCompare(b.field));
  return types.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
}

function sampleOf(m: TMapping, field: string, sources: string[]): TSample {
  const mapped = valueAtPath(m.mapped_record, field);
  if (mapped !== undefined) return { value: mapped, from: 'mapped', index: m.index };
  for (const src of sources) {
    const v = valueAtPath(m.source_record, src);
    if (v !== undefined) return { value: v, from: 'source', index: m.index };
  }
  return { value: undefined, from: 'missing', index: m.index };
}
