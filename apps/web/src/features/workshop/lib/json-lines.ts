/** A value pretty-printed as JSON, one entry per line with the path of the value the line starts. */
export interface TJsonLine {
  text: string;
  /** concrete path (`lines[1].sku`), '' for the record itself and closing brackets */
  path: string;
}

export function jsonLines(value: unknown): TJsonLine[] {
  const out: TJsonLine[] = [];
  const pad = (n: number) => '  '.repeat(n);
  const walk = (v: unknown, path: string, depth: number, prefix: string, comma: string) => {
    if (Array.isArray(v) || (v !== null && typeof v === 'object')) {
      const entries: [string, unknown][] = Array.isArray(v)
        ? v.map((x, i) => [String(i), x])
        : Object.entries(v as Record<string, unknown>);
      const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
      if (entries.length === 0) {
        out.push({ text: `${pad(depth)}${prefix}${open}${close}${comma}`, path });
        return;
      }
      out.push({ text: `${pad(depth)}${prefix}${open}`, path });
      entries.forEach(([k, x], i) => {
        const childPath = Array.isArray(v) ? `${path}[${k}]` : path ? `${path}.${k}` : k;
        const childPrefix = Array.isArray(v) ? '' : `${JSON.stringify(k)}: `;
        walk(x, childPath, depth + 1, childPrefix, i < entries.length - 1 ? ',' : '');
      });
      out.push({ text: `${pad(depth)}${close}${comma}`, path: '' });
      return;
    }
    out.push({ text: `${pad(depth)}${prefix}${JSON.stringify(v) ?? 'null'}${comma}`, path });
  };
  walk(value, '', 0, '', '');
  return out;
}
