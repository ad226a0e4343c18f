import { findJsonError, lineColumn } from './json-error.ts';

/** JSON typed or pasted by people: errors say where (line, column) and what is wrong. */
export type TParsed =
  | { ok: true; value: unknown }
  | { ok: false; error: string; line?: number; column?: number };

export function parseJson(text: string): TParsed {
  if (!text.trim()) return { ok: false, error: 'The JSON is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const found = findJsonError(text);
    if (!found) return { ok: false, error: (err as Error).message };
    const { line, column } = lineColumn(text, found.offset);
    return { ok: false, error: `${found.message} (line ${line}, column ${column})`, line, column };
  }
}

/** Inline job records are capped by the API (MAX_INLINE_RECORDS); bigger data goes through a file. */
export const MAX_PASTED_RECORDS = 200_000;

export type TRecordsParse = { ok: true; records: Record<string, unknown>[] } | { ok: false; error: string };

/** Source records: a JSON array of objects, one object, or JSON Lines (one object a line). */
export function parseRecords(text: string): TRecordsParse {
  const whole = parseJson(text);
  let values: unknown[];
  if (whole.ok) values = Array.isArray(whole.value) ? whole.value : [whole.value];
  else {
    const lines = text.split('\n').filter((l) => l.trim());
    // JSON Lines only when its first line stands alone; otherwise the whole-text error says where
    if (lines.length < 2 || text.trimStart().startsWith('[') || !parseJson(lines[0]!).ok) return whole;
    values = [];
    for (const [i, line] of lines.entries()) {
      const p = parseJson(line);
      if (!p.ok)
        return {
          ok: false,
          error: `Line ${i + 1} of the JSON Lines: ${p.error.replace(/ \(line 1, /, ' (')}`,
        };
      values.push(p.value);
    }
  }
  if (values.length === 0) return { ok: false, error: 'Give at least one record' };
  const bad = values.findIndex((v) => v === null || typeof v !== 'object' || Array.isArray(v));
  if (bad >= 0) return { ok: false, error: `Record ${(bad + 1).toLocaleString()} is not a JSON object` };
  if (values.length > MAX_PASTED_RECORDS)
    return {
      ok: false,
      error: `At most ${MAX_PASTED_RECORDS.toLocaleString()} pasted records; upload a file for more`,
    };
  return { ok: true, records: values as Record<string, unknown>[] };
}

/** Top-level field names across records, in first-seen order (what the source preview shows). */
export function fieldsOf(records: Record<string, unknown>[], sample = 1000): string[] {
  const seen = new Set<string>();
  for (const r of records.slice(0, sample)) for (const k of Object.keys(r)) seen.add(k);
  return [...seen];
}

export type TSchemaParse = { ok: true; schema: Record<string, unknown> } | { ok: false; error: string };

/** A pasted target schema: an object JSON Schema with properties whose names hold no '.'. */
export function parseTargetSchema(text: string): TSchemaParse {
  const p = parseJson(text);
  if (!p.ok) return p;
  const s = p.value;
  if (!s || typeof s !== 'object' || Array.isArray(s))
    return { ok: false, error: 'A target schema is a JSON object' };
  const schema = s as Record<string, unknown>;
  if (schema.type !== undefined && schema.type !== 'object')
    return { ok: false, error: 'The schema must describe an object ("type": "object")' };
  const props = schema.properties;
  if (!props || typeof props !== 'object' || Array.isArray(props))
    return { ok: false, error: 'The schema needs "properties": the fields of a target record' };
  const names = Object.keys(props);
  if (names.length === 0) return { ok: false, error: 'The schema needs at least one property' };
  const dotted = names.find((n) => n.includes('.'));
  if (dotted) return { ok: false, error: `Property names may not contain '.': "${dotted}"` };
  return { ok: true, schema };
}

export const propertyNames = (schema: Record<string, unknown>): string[] =>
  schema.properties && typeof schema.properties === 'object' ? Object.keys(schema.properties) : [];
