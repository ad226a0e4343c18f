import type { TCreateWorkflowRequest, TWorkflowNode, TWorkflowPlan } from '@mapwright/contracts';
import { ApiError } from '../../../lib/http.ts';

/*
 * What the create page shows of a plan and what it saves: node parameters read as text (a
 * `{{nodes.x.data[*].id}}` reference is a fan-out), the final schema's top-level fields, the
 * create request, and which field a 422 points at.
 */

export const EXAMPLE_PROMPTS = [
  'Every active card of the primary entity with the holder and the total monthly limit',
  'How many approved reimbursements, and their total amount?',
  'Transactions of every entity in EUR',
] as const;

const REFERENCE = /^\{\{\s*nodes\.([A-Za-z][\w-]*)\.data\[(\*|\d+)\]\.([\w.]+)\s*\}\}$/;

export interface TParamView {
  name: string;
  text: string;
  /** the node it reads from, when it is a reference */
  from: string | null;
  fanOut: boolean;
}

export function paramsOf(node: TWorkflowNode): TParamView[] {
  if (node.type !== 'custom') return [];
  return Object.entries(node.data.params).map(([name, value]) => {
    const m = typeof value === 'string' ? REFERENCE.exec(value) : null;
    if (m)
      return {
        name,
        text: m[2] === '*' ? `each ${m[1]} record's ${m[3]}` : `${m[1]} record ${m[2]}'s ${m[3]}`,
        from: m[1]!,
        fanOut: m[2] === '*',
      };
    return { name, text: value === '' ? '(fill in)' : String(value), from: null, fanOut: false };
  });
}

export interface TFieldView {
  name: string;
  type: string;
}

/** Top-level output fields with a short type: `cards` → "list of 11 fields", `Total limit` → "number". */
export function outputFieldsOf(schema: Record<string, unknown>): TFieldView[] {
  const props = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(props).map(([name, s]) => {
    if (s.type === 'array') {
      const items = (s.items ?? {}) as { properties?: object };
      const n = Object.keys(items.properties ?? {}).length;
      return { name, type: n ? `list of records (${n} fields)` : 'list' };
    }
    return { name, type: String(Array.isArray(s.type) ? s.type.join(' or ') : (s.type ?? 'any')) };
  });
}

export function createRequestOf(
  plan: TWorkflowPlan,
  input: { name: string; prompt: string; sourceApp: string },
): TCreateWorkflowRequest {
  return {
    name: input.name.trim() || plan.name,
    nodes: plan.nodes,
    edges: plan.edges,
    prompt: input.prompt,
    sourceApp: input.sourceApp,
    jsonSchema: plan.finalSchema,
    isActive: false,
  };
}

/** The message of a 422 issue at body.<field>, if the error is one. */
export function fieldError(error: unknown, field: string): string | undefined {
  if (!(error instanceof ApiError) || !Array.isArray(error.detail)) return undefined;
  const msg = error.detail.find((d) => d.loc?.[0] === 'body' && d.loc[1] === field)?.msg;
  return msg ? msg.charAt(0).toUpperCase() + msg.slice(1) : undefined;
}

export const isSuperseded = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
