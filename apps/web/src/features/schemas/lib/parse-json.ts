/** JSON.parse with an error that says where: line and column, from the engine's message. */
export type TParsed =
  | { ok: true; value: unknown }
  | { ok: false; error: string; line?: number; column?: number };

export function parseJson(text: string): TParsed {
  if (!text.trim()) return { ok: false, error: 'The JSON is empty' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const msg = (err as Error).message;
    const lc = /line (\d+) column (\d+)/.exec(msg);
    if (lc) {
      const line = Number(lc[1]);
      const column = Number(lc[2]);
      return { ok: false, error: `${clean(msg)} (line ${line}, column ${column})`, line, column };
    }
    const pos = /position (\d+)/.exec(msg);
    if (pos) {
      const at = Number(pos[1]);
      const before = text.slice(0, at).split('\n');
      const line = before.length;
      const column = (before[before.length - 1]?.length ?? 0) + 1;
      return { ok: false, error: `${clean(msg)} (line ${line}, column ${column})`, line, column };
    }
    return { ok: false, error: clean(msg) };
  }
}
const clean = (msg: string) =>
  msg.replace(/\s*(in JSON )?at position \d+.*$/, '').replace(/\s*\(line \d+ column \d+\)/, '');

/** Sample records: a JSON array of objects, one object, or JSON Lines. */
export function parseRecords(
  text: string,
): { ok: true; records: Record<string, unknown>[] } | { ok: false; error: string } {
  const whole = parseJson(text);
  let values: unknown[];
  if (whole.ok) values = Array.isArray(whole.value) ? whole.value : [whole.value];
  else {
    const lines = text.split('\n').filter((l) => l.trim());
    if (lines.length < 2) return whole;
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
  if (bad >= 0) return { ok: false, error: `Record ${bad + 1} is not a JSON object` };
  if (values.length > 10_000) return { ok: false, error: 'At most 10,000 sample records' };
  return { ok: true, records: values as Record<string, unknown>[] };
}
