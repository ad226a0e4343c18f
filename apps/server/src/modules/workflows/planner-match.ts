import type { TCatalogueEndpoint, TCatalogueParameter } from '@mapwright/contracts';
import { type Json, recordSchemaOf } from './planner-schema.ts';
import { type PromptWord, rawWords, stem, stemsOf } from './planner-words.ts';

/*
 * Matching the prompt against the catalogue: each endpoint's words weighted by where they come
 * from (its path and name weigh most, then summary, description, record fields and parameters),
 * the endpoint that provides an `<x>_id` parameter, and query parameters filled from the prompt.
 */

const WEIGHTS = { path: 3, summary: 1.5, description: 1, fields: 0.5, parameters: 0.5 } as const;
type Where = keyof typeof WEIGHTS;
const WHERE_TEXT: Record<Where, string> = {
  path: 'path',
  summary: 'summary',
  description: 'description',
  fields: 'record fields',
  parameters: 'parameters',
};
/** An endpoint is proposed only when its words weigh at least this (a summary-level match). */
export const MIN_SCORE = 1.5;

export const isList = (ep: TCatalogueEndpoint) => ep.recordsPath !== null;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The last literal path segment: `/api/v1/cards` → `cards`. */
export function resourceOf(ep: TCatalogueEndpoint): string {
  const parts = ep.path.split('/').filter((s) => s && !s.startsWith('{') && !/^(api|v\d+)$/i.test(s));
  return parts.at(-1) ?? ep.operationId;
}
/** `card-programs` / `card_programs` / `cardPrograms` → `card_program` (stems joined). */
export const resourceStem = (text: string) => rawWords(text).map(stem).join('_');

function fieldWords(schema: unknown, out: string[], depth = 0) {
  if (!isObj(schema) || depth > 3) return;
  if (isObj(schema.items)) fieldWords(schema.items, out, depth + 1);
  if (!isObj(schema.properties)) return;
  for (const [name, s] of Object.entries(schema.properties)) {
    out.push(name);
    if (!isObj(s)) continue;
    if (typeof s.description === 'string') out.push(s.description);
    if (Array.isArray(s.enum)) out.push(...s.enum.filter((v): v is string => typeof v === 'string'));
    fieldWords(s, out, depth + 1);
  }
}

const termCache = new WeakMap<TCatalogueEndpoint, Map<string, Where>>();

/** Stem → where it weighs most, for one endpoint. */
function termsOf(ep: TCatalogueEndpoint): Map<string, Where> {
  const cached = termCache.get(ep);
  if (cached) return cached;
  const terms = new Map<string, Where>();
  const add = (text: string, where: Where) => {
    for (const s of stemsOf(text)) {
      const had = terms.get(s);
      if (!had || WEIGHTS[had] < WEIGHTS[where]) terms.set(s, where);
    }
  };
  add(ep.path.replace(/\{[^}]*\}/g, ' ').replace(/\/(api|v\d+)(?=\/)/gi, ' '), 'path');
  add(ep.operationId, 'path');
  add(ep.summary, 'summary');
  add(ep.description, 'description');
  const fields: string[] = [];
  fieldWords(recordSchemaOf(ep), fields);
  add(fields.join(' '), 'fields');
  for (const p of ep.parameters) {
    add(p.name, 'parameters');
    if (Array.isArray(p.schema.enum) && !isBoolish(p)) add(p.schema.enum.join(' '), 'parameters');
  }
  termCache.set(ep, terms);
  return terms;
}

export interface Scored {
  ep: TCatalogueEndpoint;
  index: number;
  score: number;
  /** prompt word → where it matched, and the catalogue word when it matched through a synonym */
  matched: Map<string, { where: Where; as: string | null }>;
}

export function scoreEndpoint(ep: TCatalogueEndpoint, index: number, words: PromptWord[]): Scored {
  const terms = termsOf(ep);
  let score = 0;
  const matched: Scored['matched'] = new Map();
  for (const w of words) {
    let best: { where: Where; as: string | null } | undefined;
    for (const m of w.means) {
      const where = terms.get(m);
      if (where && (!best || WEIGHTS[where] > WEIGHTS[best.where]))
        best = { where, as: m === w.stem ? null : m };
    }
    if (best) {
      score += WEIGHTS[best.where];
      matched.set(w.word, best);
    }
  }
  return { ep, index, score, matched };
}

/** `"card" (path), "entity" (summary)` */
export const matchedText = (s: Scored) =>
  [...s.matched]
    .map(([word, m]) => `"${word}" (${m.as ? `as ${m.as}, ` : ''}${WHERE_TEXT[m.where]})`)
    .join(', ');

/** Best first; on a tie GET list endpoints first, then catalogue order. */
export const byScore = (a: Scored, b: Scored) =>
  b.score - a.score || Number(isList(b.ep)) - Number(isList(a.ep)) || a.index - b.index;

export interface Provider {
  ep: TCatalogueEndpoint;
  /** the record field that holds the value */
  field: string;
}

/** The list endpoint whose records' `id` is this `<x>_id` parameter (entities for entity_id). */
export function providerOf(
  p: TCatalogueParameter,
  endpoints: TCatalogueEndpoint[],
  self: TCatalogueEndpoint,
): Provider | null {
  const m = /^(.+?)[_-]?id$/i.exec(p.name);
  if (!m) return null;
  const base = resourceStem(m[1]!);
  for (const ep of endpoints) {
    if (ep === self || ep.method !== 'GET' || !isList(ep) || resourceStem(resourceOf(ep)) !== base) continue;
    const props = recordSchemaOf(ep).properties;
    if (!isObj(props)) continue;
    const field = ['id', p.name, `${m[1]}_id`].find((f) => Object.hasOwn(props, f));
    if (field) return { ep, field };
  }
  return null;
}

// ---------- parameters from the prompt ----------

const BOOL_VALUES = new Set(['0', '1', 'true', 'false']);
const PAGING = new Set(['start', 'page', 'page_size', 'per_page', 'cursor', 'offset', 'limit']);
const CURRENCIES = new Set(
  'USD EUR GBP JPY CHF CAD AUD CNY INR SEK NOK DKK SGD HKD NZD MXN BRL ZAR PLN'.split(' '),
);

function isBoolish(p: TCatalogueParameter) {
  const e = p.schema.enum;
  return (
    p.schema.type === 'boolean' ||
    (Array.isArray(e) && e.length > 0 && e.every((v) => BOOL_VALUES.has(String(v).toLowerCase())))
  );
}

export interface Filled {
  name: string;
  value: string | boolean;
  /** the prompt's words behind it */
  because: string;
}

/** Optional query parameters the prompt sets: flags by name, enum values, currencies, quoted names. */
export function paramsFromPrompt(
  ep: TCatalogueEndpoint,
  words: PromptWord[],
  prompt: string,
  quoted: string[],
): Filled[] {
  const out: Filled[] = [];
  for (const p of ep.parameters) {
    if (p.in !== 'query' || p.required || PAGING.has(p.name) || /cursor/i.test(p.description ?? '')) continue;
    const e = Array.isArray(p.schema.enum) ? p.schema.enum.map(String) : null;
    if (isBoolish(p)) {
      const names = stemsOf(p.name.replace(/^(is|has)_/, ''));
      const w = words.find((x) => names.includes(x.stem));
      if (w) out.push({ name: p.name, value: !w.negated, because: `${w.negated ? 'not ' : ''}${w.word}` });
    } else if (e) {
      for (const v of e) {
        const w = words.find((x) => !x.negated && x.stem === stem(v));
        if (w) {
          out.push({ name: p.name, value: v, because: w.word });
          break;
        }
      }
    } else if (/currency/i.test(p.name)) {
      const code = prompt.match(/\b[A-Z]{3}\b/g)?.find((c) => CURRENCIES.has(c));
      if (code) out.push({ name: p.name, value: code, because: code });
    } else if (/name$/i.test(p.name) && quoted[0]) {
      out.push({ name: p.name, value: quoted[0], because: quoted[0] });
    }
  }
  return out;
}
