/** Shapes the `/usage` answer for the schema map: one row per target field, in schema order. */
import type { TFieldFeed, TSchemaUsage } from '../api/schema-usage.ts';

export type TFeedFilter = 'all' | 'fed' | 'unfed';

export interface TMapRow {
  path: string;
  /** the path up to the field's own name (`address.` / `items[*].`), shown dimmed */
  parent: string;
  name: string;
  depth: number;
  types: string[];
  required: boolean;
  /** strongest first */
  feeds: TFieldFeed[];
  /** pipelines whose mapping has the field but found no source for it */
  unmatched: string[];
}

/**
 * The engine lists every target field in a mapping; one it found no source for is a constant
 * with no sources and confidence 0 (a deliberate constant has a confidence). That feeds nothing.
 */
export const isPlaceholder = (f: TFieldFeed) =>
  f.sources.length === 0 && f.transform === 'constant' && f.confidence === 0;

/** Splits a leaf path into its parent prefix and own name: `items[*].sku` → `items[*].` + `sku`. */
export function splitPath(path: string): { parent: string; name: string; depth: number } {
  const dot = path.lastIndexOf('.');
  const depth = path.split('.').length - 1;
  if (dot < 0) return { parent: '', name: path, depth };
  return { parent: path.slice(0, dot + 1), name: path.slice(dot + 1), depth };
}

export function mapRows(usage: TSchemaUsage): TMapRow[] {
  return usage.fields.map((f) => ({
    path: f.path,
    ...splitPath(f.path),
    types: f.types,
    required: f.required,
    feeds: f.fed_by
      .filter((x) => !isPlaceholder(x))
      .sort((a, b) => b.confidence - a.confidence || a.pipeline_name.localeCompare(b.pipeline_name)),
    unmatched: [...new Set(f.fed_by.filter(isPlaceholder).map((x) => x.pipeline_name))],
  }));
}

export function filterRows(rows: TMapRow[], filter: TFeedFilter, query: string): TMapRow[] {
  const q = query.trim().toLowerCase();
  return rows.filter((r) => {
    if (filter === 'fed' && r.feeds.length === 0) return false;
    if (filter === 'unfed' && r.feeds.length > 0) return false;
    if (!q) return true;
    return (
      r.path.toLowerCase().includes(q) ||
      r.feeds.some(
        (f) =>
          f.pipeline_name.toLowerCase().includes(q) || f.sources.some((s) => s.toLowerCase().includes(q)),
      )
    );
  });
}

/** How many fields each pipeline (by id) really feeds. */
export function fieldsFedBy(rows: TMapRow[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows)
    for (const id of new Set(r.feeds.map((f) => f.pipeline_id))) out.set(id, (out.get(id) ?? 0) + 1);
  return out;
}

export interface TMapSummary {
  fields: number;
  fed: number;
  unfed: number;
  /** required fields no pipeline feeds: their records will fail validation */
  requiredUnfed: number;
}
export function summarizeRows(rows: TMapRow[]): TMapSummary {
  const fed = rows.filter((r) => r.feeds.length > 0).length;
  return {
    fields: rows.length,
    fed,
    unfed: rows.length - fed,
    requiredUnfed: rows.filter((r) => r.required && r.feeds.length === 0).length,
  };
}

const TRANSFORM_LABELS: Record<string, string> = {
  copy: 'Copy',
  cast: 'Convert type',
  date: 'Date format',
  text: 'Text clean-up',
  concat: 'Join',
  split: 'Split',
  lookup: 'Lookup table',
  arithmetic: 'Arithmetic',
  aggregate: 'Aggregate',
  constant: 'Constant',
  jsonata: 'Expression',
  chain: 'Several steps',
};
export const transformLabel = (kind: string) => TRANSFORM_LABELS[kind] ?? kind;

export const confidencePercent = (c: number) => `${Math.round(Math.min(1, Math.max(0, c)) * 100)}%`;
export function confidenceColor(c: number): string {
  if (c >= 0.85) return 'green';
  if (c >= 0.6) return 'yellow';
  if (c >= 0.4) return 'orange';
  return 'red';
}
