/** A source record as a tree whose leaves carry the path a mapping would extract (`items[*].price`). */
export interface TSourceNode {
  /** the concrete location, unique in the tree (`items[0].price`) */
  id: string;
  /** the path to extract: list positions become `[*]` */
  path: string;
  /** the key or `[n]` shown for the node */
  label: string;
  kind: 'object' | 'array' | 'value';
  value?: unknown;
  children?: TSourceNode[];
  /** elements of a long list not shown */
  hidden?: number;
}

/** Elements of a list shown in the tree: more is noise when picking a path. */
export const MAX_LIST_ELEMENTS = 20;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function node(value: unknown, id: string, path: string, label: string): TSourceNode {
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_LIST_ELEMENTS);
    return {
      id,
      path,
      label,
      kind: 'array',
      children: shown.map((el, i) => node(el, `${id}[${i}]`, `${path}[*]`, `[${i}]`)),
      hidden: value.length - shown.length,
      value,
    };
  }
  if (isObject(value)) return { id, path, label, kind: 'object', children: children(value, id, path), value };
  return { id, path, label, kind: 'value', value };
}

function children(obj: Record<string, unknown>, id: string, path: string): TSourceNode[] {
  return Object.entries(obj).map(([k, v]) => node(v, id ? `${id}.${k}` : k, path ? `${path}.${k}` : k, k));
}

export function sourceTree(record: unknown): TSourceNode[] {
  return isObject(record) ? children(record, '', '') : [];
}

/** A short name for a record in a list: its first few short text values ("Ada · Lovelace"). */
export function recordLabel(record: unknown, max = 2): string {
  if (!isObject(record)) return '';
  const values = Object.values(record);
  const texts = values.filter((v): v is string => typeof v === 'string' && v.trim() !== '' && v.length <= 40);
  if (texts.length)
    return texts
      .slice(0, max)
      .map((t) => t.trim())
      .join(' · ');
  const first = values.find((v) => typeof v === 'number');
  return first === undefined ? '' : String(first);
}

/** Does any value in the record contain the text (case-insensitive)? */
export function recordContains(record: unknown, needle: string): boolean {
  if (!needle) return true;
  const lower = needle.toLowerCase();
  const walk = (v: unknown): boolean => {
    if (v === null || v === undefined) return false;
    if (typeof v === 'object') return Object.values(v as Record<string, unknown>).some(walk);
    return String(v).toLowerCase().includes(lower);
  };
  return walk(record);
}
