/*
 * References to earlier nodes' output inside node parameters: `{{nodes.<id>.<path>}}`, where
 * the path reads the node's output `{data: [records...]}` with `.key`, `[n]` and `[*]` (every
 * element). A parameter that resolves to several values fans the node out: one call per value.
 */

const TEMPLATE = /\{\{\s*nodes\.([A-Za-z][A-Za-z0-9_-]*)((?:\.[^.\s{}[\]]+|\[(?:\*|\d+)\])*)\s*\}\}/g;

export interface Reference {
  nodeId: string;
  path: string;
}

/** Every reference in a value (strings anywhere inside objects and arrays). */
export function referencesIn(value: unknown): Reference[] {
  if (typeof value === 'string')
    return [...value.matchAll(TEMPLATE)].map((m) => ({ nodeId: m[1]!, path: m[2]! }));
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(referencesIn);
  return [];
}

type Step = string | number | '*';

function stepsOf(path: string): Step[] {
  const steps: Step[] = [];
  for (const m of path.matchAll(/\.([^.[\]]+)|\[(\*|\d+)\]/g)) {
    if (m[1] !== undefined) steps.push(m[1]);
    else steps.push(m[2] === '*' ? '*' : Number(m[2]));
  }
  return steps;
}

/** Reads a path; `[*]` collects from every element, so the result may be a list. */
export function readPath(root: unknown, path: string): { values: unknown[]; many: boolean } {
  let current: unknown[] = [root];
  let many = false;
  for (const step of stepsOf(path)) {
    const next: unknown[] = [];
    for (const v of current) {
      if (step === '*') {
        if (Array.isArray(v)) next.push(...v);
      } else if (typeof step === 'number') {
        if (Array.isArray(v) && step < v.length) next.push(v[step]);
      } else if (v !== null && typeof v === 'object' && Object.hasOwn(v, step)) {
        next.push((v as Record<string, unknown>)[step]);
      }
    }
    if (step === '*') many = true;
    current = next;
  }
  return { values: current.filter((v) => v !== undefined && v !== null), many };
}

export type NodeOutputs = ReadonlyMap<string, readonly unknown[]>;

/**
 * The values a string parameter takes: one when it holds no reference (or references single
 * values), several when a `[*]` reference yields a list (duplicates removed, order kept).
 */
export function expandString(template: string, outputs: NodeOutputs): unknown[] {
  const refs = [...template.matchAll(TEMPLATE)];
  if (refs.length === 0) return [template];
  const read = (m: RegExpMatchArray) => {
    const records = outputs.get(m[1]!);
    if (!records) throw new Error(`references node '${m[1]}', which has not run before this node`);
    return readPath({ data: records }, m[2]!);
  };
  const whole = refs.length === 1 && refs[0]![0] === template.trim();
  if (whole) {
    const { values, many } = read(refs[0]!);
    if (!many && values.length === 0) throw new Error(`${template} has no value`);
    return unique(many ? values : values.slice(0, 1));
  }
  // text around references: every combination of the referenced values, as text
  let texts = [''];
  let last = 0;
  for (const m of refs) {
    const prefix = template.slice(last, m.index);
    const { values, many } = read(m);
    if (!many && values.length === 0) throw new Error(`${m[0]} has no value`);
    const parts = (many ? values : values.slice(0, 1)).map((v) =>
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    );
    texts = texts.flatMap((t) => parts.map((p) => t + prefix + p));
    last = m.index! + m[0].length;
  }
  return unique(texts.map((t) => t + template.slice(last)));
}

/** Resolves references in a JSON body (single values only: bodies do not fan out). */
export function resolveBody(value: unknown, outputs: NodeOutputs): unknown {
  if (typeof value === 'string') {
    const values = expandString(value, outputs);
    return values.length === 1 ? values[0] : values;
  }
  if (Array.isArray(value)) return value.map((v) => resolveBody(v, outputs));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveBody(v, outputs)]));
  return value;
}

function unique(values: unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((v) => {
    const key = JSON.stringify(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
