import {
  type TCatalogueEndpoint,
  type TSourceApp,
  type TWorkflowNode,
  ZWorkflowPlanDraft,
} from '@mapwright/contracts';
import { createValidator } from '@mapwright/engine';
import { FieldError } from '../../lib/errors.ts';
import type { Llm } from '../../lib/llm.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import { checkGraph, topologicalOrder } from './graph.ts';
import type { Plan } from './planner-assemble.ts';
import { exampleOf, type Json, recordSchemaOf, typeOf } from './planner-schema.ts';

/*
 * The LLM planner: the model gets the catalogue in short and the prompt, and answers a plan in
 * JSON. The answer is used only when it fits the contract, calls catalogue GET endpoints, and
 * passes the workflow graph rules; otherwise the caller falls back to the built-in planner.
 */

export const LLM_PLAN_TIMEOUT_MS = 45_000;
const CATALOGUE_CHARS = 12_000;
const ANSWER_CHARS = 200_000;

const SYSTEM = `You plan data workflows. A workflow is a graph of HTTP endpoint nodes of one source app, ending in one final node that maps everything gathered onto a JSON Schema.
Answer with ONE JSON object and nothing else:
{"name": string, "nodes": [...], "edges": [...], "finalSchema": {...}, "finalSampleData": {...}, "explanation": [string, ...]}
Endpoint node: {"id": "cards", "type": "custom", "data": {"label": "Cards", "endpoint": {"method": "GET", "path": "/api/v1/cards", "operationId": "listCards"}, "params": {"entity_id": "{{nodes.entities.data[*].id}}"}, "isFirstNode": false}}
Final node: {"id": "final", "type": "final", "data": {"name": "Cards summary"}}
Edge: {"id": "entities-cards", "source": "entities", "target": "cards"}
Rules:
- use only GET endpoints of the catalogue, with their exact method and path;
- exactly one endpoint node has "isFirstNode": true and no incoming edge; every node is reachable from it; the final node is last (no outgoing edges);
- a parameter "{{nodes.<id>.data[*].<field>}}" calls the endpoint once per record of an earlier, connected node (fan-out): use it for required parameters such as entity_id;
- set query parameters the prompt implies (e.g. is_primary: true); node ids: a letter, then letters, digits, _ or -;
- finalSchema: an object schema; its input is {<nodeId>: [records...]} for every node; name its properties after what the user asks for (e.g. "cards": an array of the records' useful fields, "Number of cards": integer, "Total limit": number);
- finalSampleData: one example object valid against finalSchema;
- explanation: one short line per decision (which endpoint and why, which parameters, which fan-out).`;

function fieldsText(schema: unknown, depth = 0): string {
  const props = (schema as Json | null)?.properties;
  if (!props || typeof props !== 'object') return '';
  return Object.entries(props as Record<string, Json>)
    .map(([name, s]) => {
      const t = typeOf(s).type;
      if (Array.isArray(s.enum)) return `${name}: ${s.enum.join('|')}`;
      if (t === 'object' && depth < 2) return `${name}: {${fieldsText(s, depth + 1)}}`;
      if (t === 'array') return `${name}: list`;
      return `${name}: ${t ?? 'any'}${typeof s.format === 'string' ? ` (${s.format})` : ''}`;
    })
    .join(', ');
}

function endpointText(ep: TCatalogueEndpoint): string {
  const params = ep.parameters.map((p) => {
    const bits = [p.in, p.required ? 'required' : ''];
    if (Array.isArray(p.schema.enum)) bits.push(p.schema.enum.join('|'));
    if (p.schema.default !== undefined) bits.push(`default ${String(p.schema.default)}`);
    return `${p.name} (${bits.filter(Boolean).join('; ')})`;
  });
  return [
    `- ${ep.operationId}: ${ep.method} ${ep.path} — ${ep.summary}. ${ep.description}`,
    `  parameters: ${params.join(', ') || 'none'}`,
    `  ${ep.recordsPath ? `records (in ${ep.recordsPath}${ep.pagination ? ', paged by page.next' : ''})` : 'one record'}: ${fieldsText(recordSchemaOf(ep))}`,
  ].join('\n');
}

export const catalogueText = (app: TSourceApp) =>
  app.endpoints
    .filter((ep) => ep.method === 'GET')
    .map(endpointText)
    .join('\n')
    .slice(0, CATALOGUE_CHARS);

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([p, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Checked = { plan: Plan } | { why: string };

/** Checks a model's answer against the contract, the catalogue and the graph rules. */
export function checkLlmAnswer(text: string, app: TSourceApp): Checked {
  let json: unknown;
  try {
    json = JSON.parse(text.slice(0, ANSWER_CHARS).replace(/^\s*```\w*\s*|```\s*$/g, ''));
  } catch {
    return { why: 'its answer is not JSON' };
  }
  const parsed = ZWorkflowPlanDraft.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { why: `its answer does not fit the plan: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
  }
  const draft = parsed.data;
  const nodes: TWorkflowNode[] = [];
  for (const n of draft.nodes) {
    if (n.type === 'final') {
      nodes.push({ ...n, data: { ...n.data, finalSchema: draft.finalSchema, mapping: null } });
      continue;
    }
    const want = n.data.endpoint;
    const ep = app.endpoints.find(
      (e) => (e.method === want.method && e.path === want.path) || e.operationId === want.operationId,
    );
    if (!ep) return { why: `node ${n.id} calls ${want.method} ${want.path}, which is not in the catalogue` };
    if (ep.method !== 'GET')
      return { why: `node ${n.id} calls ${ep.method} ${ep.path}: only GET endpoints are planned` };
    nodes.push({
      ...n,
      data: {
        ...n.data,
        label: n.data.label || ep.summary,
        endpoint: { app: app.id, method: ep.method, path: ep.path, operationId: ep.operationId },
        pagination: ep.pagination ? { follow: 'page.next' } : null,
      },
    });
  }
  let sampleOk = false;
  try {
    const schema = checkTargetSchema(draft.finalSchema, ['finalSchema']);
    checkGraph({ nodes, edges: draft.edges }, ['plan']);
    sampleOk =
      draft.finalSampleData !== undefined &&
      createValidator(schema).validateRecord(draft.finalSampleData).length === 0;
  } catch (err) {
    return { why: err instanceof FieldError ? `${err.loc.join('.')}: ${err.msg}` : (err as Error).message };
  }
  const sample = sampleOk ? draft.finalSampleData : exampleOf(draft.finalSchema);
  const order = topologicalOrder({ nodes, edges: draft.edges }) ?? nodes.map((n) => n.id);
  const placed = order.map((id, i) => {
    const n = nodes.find((x) => x.id === id)!;
    return n.type === 'final'
      ? { ...n, position: { x: 0, y: i * 160 }, data: { ...n.data, finalSampleData: sample } }
      : { ...n, position: { x: 0, y: i * 160 } };
  });
  return {
    plan: {
      name: draft.name,
      nodes: placed,
      edges: draft.edges,
      finalSchema: draft.finalSchema,
      finalSampleData: sample,
      explanation: [
        'Proposed by the configured LLM, then checked against the catalogue and the workflow rules.',
        ...draft.explanation,
      ],
      warnings: sampleOk
        ? []
        : ["The LLM's sample data did not fit its schema: this one is generated from the schema."],
    },
  };
}

export async function planWithLlm(
  llm: Llm,
  prompt: string,
  app: TSourceApp,
  timeoutMs = LLM_PLAN_TIMEOUT_MS,
): Promise<Checked> {
  const user = `Source app: ${app.name} (${app.description})\nCatalogue:\n${catalogueText(app)}\n\nThe output the user wants: ${prompt}`;
  let text: string;
  try {
    text = await withTimeout(llm.complete(SYSTEM, user, { json: true }), timeoutMs);
  } catch (err) {
    return { why: `the LLM could not be reached: ${(err as Error).message}` };
  }
  return checkLlmAnswer(text, app);
}
