import {
  DEFAULT_ERROR_HANDLING,
  type TCatalogueEndpoint,
  type TSourceApp,
  type TWorkflowEdge,
  type TWorkflowNode,
} from '@mapwright/contracts';
import { countKeyOf, plannedMapping } from './planner-mapping.ts';
import {
  enumFields,
  exampleOf,
  type Json,
  numericFields,
  recordSchemaOf,
  usefulSchema,
} from './planner-schema.ts';
import { aggregatesOf, type PromptWord, quote, stem, stemsOf } from './planner-words.ts';

/*
 * Turns the chosen endpoints into a workflow: nodes (the first one marked, positions by level),
 * edges (dependencies, the mains into the final node), the final schema with its aggregates,
 * example data and mapping (planner-mapping.ts), a name, and the explanation in reading order.
 */

export interface Plan {
  name: string;
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
  finalSchema: Json;
  finalSampleData: unknown;
  explanation: string[];
  warnings: string[];
}

export interface AssembledNode {
  id: string;
  ep: TCatalogueEndpoint;
  params: Record<string, string | number | boolean | null>;
  /** ids of the nodes it reads from (they run before it) */
  after: string[];
}

export const FINAL_NODE_ID = 'final';

/** "Every active card of the primary entity with the holder and …" → "Every active card of the primary entity". */
export function nameFromPrompt(prompt: string): string {
  let first = prompt
    .trim()
    .split(/(?<=[.!?])\s|\n/)[0]!
    .replace(/[.!?\s]+$/, '');
  // the first clause, when it says enough on its own
  const cut = first.search(/,|;|\s(?:with|including|plus|and (?:the|their|its))\s/i);
  if (cut >= 12) first = first.slice(0, cut);
  let name = first.length <= 60 ? first : `${first.slice(0, 60).replace(/\s+\S*$/, '')}…`;
  name = name.charAt(0).toUpperCase() + name.slice(1);
  return name || 'Proposed workflow';
}

/** The numeric field of a main the prompt totals: named in the prompt, or the only one. */
function totalOf(mains: AssembledNode[], words: PromptWord[]) {
  let best: { main: AssembledNode; field: string; hits: string[] } | null = null;
  for (const main of mains) {
    for (const f of numericFields(recordSchemaOf(main.ep))) {
      const hits = words
        .filter((w) => stemsOf(`${f.name} ${f.description}`).includes(w.stem))
        .map((w) => w.word);
      if (hits.length && (!best || hits.length > best.hits.length)) best = { main, field: f.name, hits };
    }
  }
  if (best) return best;
  const only = numericFields(recordSchemaOf(mains[0]!.ep));
  return only.length === 1 ? { main: mains[0]!, field: only[0]!.name, hits: [] } : null;
}

function recordEnumWarnings(mains: AssembledNode[], words: PromptWord[]): string[] {
  const out: string[] = [];
  for (const main of mains) {
    const filterable = new Set(
      main.ep.parameters.flatMap((p) => (Array.isArray(p.schema.enum) ? p.schema.enum.map(String) : [])),
    );
    for (const [path, values] of enumFields(recordSchemaOf(main.ep))) {
      for (const w of words) {
        const v = values.find((x) => stem(x) === w.stem);
        if (!v || w.negated || filterable.has(v)) continue;
        out.push(
          `"${w.word}" is a ${path} value (${v}) of the ${main.id} records, but ${main.ep.operationId} cannot filter on ${path} (${values.join(', ')}): narrow it in the final mapping if needed.`,
        );
      }
    }
  }
  return out;
}

export function assemble(input: {
  prompt: string;
  app: TSourceApp;
  nodes: AssembledNode[];
  mains: AssembledNode[];
  words: PromptWord[];
  explain: { choose: string[]; chain: string[]; params: string[] };
  warnings: string[];
}): Plan {
  const { nodes, mains, words, explain } = input;
  const warnings = [...input.warnings];
  const lines = [...explain.choose, ...explain.chain, ...explain.params];

  // a workflow starts at one node: independent roots run one after the other
  const roots = nodes.filter((n) => n.after.length === 0);
  roots.slice(1).forEach((r, i) => {
    r.after.push(roots[i]!.id);
    lines.push(`${r.id} runs after ${roots[i]!.id}: a workflow starts at one node.`);
  });
  const level = new Map<string, number>();
  for (const n of nodes) level.set(n.id, Math.max(-1, ...n.after.map((a) => level.get(a) ?? 0)) + 1);
  const column = new Map<number, number>();
  const place = (lv: number) => {
    const x = column.get(lv) ?? 0;
    column.set(lv, x + 1);
    return { x: x * 320, y: lv * 160 };
  };

  const paged = nodes.filter((n) => n.ep.pagination).map((n) => n.id);
  if (paged.length) lines.push(`Pagination: ${paged.join(', ')} follow page.next until the last page.`);

  // the final schema: each main's records, then the aggregates the prompt asks for
  const props: [string, Json][] = mains.map((m) => [
    m.id,
    { type: 'array', items: usefulSchema(recordSchemaOf(m.ep)) ?? { type: 'object' } },
  ]);
  for (const [id, s] of props) {
    const fields = Object.keys(((s.items as Json).properties ?? {}) as Json);
    lines.push(`Final schema: ${id} = the ${id} records with their useful fields (${fields.join(', ')}).`);
  }
  const agg = aggregatesOf(input.prompt);
  const countName = agg.count ? `Number of ${mains[0]!.id}` : null;
  if (countName) {
    props.push([countName, { type: 'integer', description: `how many ${mains[0]!.id} records` }]);
    lines.push(
      `Final schema: "${countName}" counts the ${mains[0]!.id} records (the prompt asks for a count).`,
    );
  }
  const total = agg.total ? totalOf(mains, words) : null;
  const totalName = total ? `Total ${total.field}${mains.length > 1 ? ` of ${total.main.id}` : ''}` : null;
  if (total && totalName) {
    props.push([
      totalName,
      { type: 'number', description: `sum of ${total.field} over the ${total.main.id}` },
    ]);
    lines.push(
      `Final schema: "${totalName}" adds up ${total.field} over the ${total.main.id} records (${total.hits.length ? `the prompt says total and ${quote(total.hits)}` : `the prompt says total and ${total.field} is the only number`}).`,
    );
  } else if (agg.total) {
    const fields = mains.flatMap((m) => numericFields(recordSchemaOf(m.ep)).map((f) => f.name));
    warnings.push(
      `The prompt asks for a total but names no numeric field${fields.length ? ` (${fields.join(', ')})` : ''}: add it to the final schema in the builder.`,
    );
  }
  const name = nameFromPrompt(input.prompt);
  const finalSchema: Json = {
    type: 'object',
    title: name,
    properties: Object.fromEntries(props),
    required: props.map(([k]) => k),
  };
  const sample = exampleOf(finalSchema) as Json;
  const records = (sample[mains[0]!.id] ?? []) as Json[];
  if (countName) sample[countName] = records.length;
  if (total && totalName) {
    const list = (sample[total.main.id] ?? []) as Json[];
    sample[totalName] = list.reduce((sum, r) => sum + (Number(r[total.field]) || 0), 0);
  }
  const itemsOf = (id: string) => (props.find(([k]) => k === id)![1].items ?? {}) as Json;
  const countKey = countName ? countKeyOf(itemsOf(mains[0]!.id)) : undefined;
  const mapping = plannedMapping(
    mains.map((m) => ({ id: m.id, items: itemsOf(m.id) })),
    countName && countKey ? { name: countName, of: mains[0]!.id, field: countKey } : null,
    total && totalName ? { name: totalName, of: total.main.id, field: total.field } : null,
  );
  const aggregates = [countName, totalName].filter(Boolean).map((n) => `"${n}"`);
  lines.push(
    `Final mapping: each field is copied from the same field of the ${mains.map((m) => m.id).join(' and ')} records${aggregates.length ? `; ${aggregates.join(' and ')} ${aggregates.length > 1 ? 'are aggregates' : 'is an aggregate'}` : ''} (review it in the builder).`,
  );
  warnings.push(...recordEnumWarnings(mains, words));

  const custom: TWorkflowNode[] = nodes.map((n, i) => ({
    id: n.id,
    type: 'custom',
    position: place(level.get(n.id) ?? 0),
    data: {
      label: n.ep.summary || n.ep.operationId,
      endpoint: { app: input.app.id, method: n.ep.method, path: n.ep.path, operationId: n.ep.operationId },
      params: n.params,
      errorHandling: { ...DEFAULT_ERROR_HANDLING },
      isFirstNode: i === 0,
      pagination: n.ep.pagination ? { follow: 'page.next' } : null,
    },
  }));
  const lastLevel = Math.max(...level.values()) + 1;
  const final: TWorkflowNode = {
    id: FINAL_NODE_ID,
    type: 'final',
    position: { x: 0, y: lastLevel * 160 },
    data: {
      name,
      initialUrl: '',
      isSubmitted: false,
      errorHandling: { ...DEFAULT_ERROR_HANDLING },
      finalSchema,
      finalSampleData: sample,
      mapping,
    },
  };
  const feeding = new Set(nodes.flatMap((n) => n.after));
  const intoFinal = [
    ...new Set([...mains.map((m) => m.id), ...nodes.filter((n) => !feeding.has(n.id)).map((n) => n.id)]),
  ];
  const edges: TWorkflowEdge[] = [
    ...nodes.flatMap((n) =>
      n.after.map((a) => ({ id: `${a}-${n.id}`, source: a, target: n.id, animated: true })),
    ),
    ...intoFinal.map((id) => ({
      id: `${id}-${FINAL_NODE_ID}`,
      source: id,
      target: FINAL_NODE_ID,
      animated: true,
    })),
  ];
  return {
    name,
    nodes: [...custom, final],
    edges,
    finalSchema,
    finalSampleData: sample,
    explanation: lines,
    warnings,
  };
}
