import type { TCatalogueEndpoint, TSourceApp } from '@mapwright/contracts';
import { FieldError } from '../../lib/errors.ts';
import { type AssembledNode, assemble, type Plan } from './planner-assemble.ts';
import {
  byScore,
  isList,
  MIN_SCORE,
  matchedText,
  paramsFromPrompt,
  providerOf,
  resourceOf,
  resourceStem,
  type Scored,
  scoreEndpoint,
} from './planner-match.ts';
import { promptWords, quote, quotedOf, rawWords } from './planner-words.ts';

/*
 * The built-in planner: deterministic and explainable. It scores the catalogue's GET endpoints
 * by the prompt's words, takes the best one (and any other resource the prompt names as well),
 * puts the endpoints that provide their required `<x>_id` parameters upstream with a fan-out
 * reference, fills query parameters the prompt mentions, and ends in a final node whose schema
 * is built from the records (assemble).
 */

const MAX_DEPTH = 3;
const MAX_MAINS = 3;

/** Node ids: listCards → cards, getTransaction → transaction (unique, valid node ids). */
function idFor(ep: TCatalogueEndpoint, taken: Set<string>): string {
  const fromOp = ep.operationId.replace(/^(list|get|fetch|search|find|retrieve|read)(?=[A-Z_])/, '');
  const words = (/^[A-Za-z][A-Za-z0-9]*$/.test(fromOp) ? fromOp : resourceOf(ep))
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .replace(/^[^a-z]+/, '');
  const base = (words || 'node').slice(0, 56);
  let id = base === 'final' ? 'final_data' : base;
  for (let i = 2; taken.has(id); i++) id = `${base}_${i}`;
  taken.add(id);
  return id;
}

/** Resources the prompt names as a head noun ("cards and transactions", not "card transactions"). */
function namedResources(prompt: string, resources: Set<string>): Set<string> {
  const stems = rawWords(prompt).map((w) => resourceStem(w));
  return new Set(stems.filter((s, i) => resources.has(s) && !resources.has(stems[i + 1] ?? '')));
}

export function nothingMatches(app: TSourceApp): FieldError {
  const seen = new Set<string>();
  const can = app.endpoints
    .filter((ep) => ep.method === 'GET')
    .flatMap((ep) => {
      const what = isList(ep) ? resourceOf(ep) : ep.summary || ep.operationId;
      if (seen.has(what)) return [];
      seen.add(what);
      return [isList(ep) && ep.summary ? `${what} (${ep.summary})` : what];
    });
  return new FieldError(
    ['body', 'prompt'],
    `nothing in the prompt matches an endpoint of ${app.name}. It can fetch: ${can.join('; ')}. Name what you want, e.g. "${exampleAsk(app)}".`,
  );
}

/** "cards of the primary entity" for the sample API; the first list resource otherwise. */
function exampleAsk(app: TSourceApp) {
  const lists = app.endpoints.filter((ep) => ep.method === 'GET' && isList(ep)).map(resourceOf);
  if (lists.includes('cards') && lists.includes('entities')) return 'cards of the primary entity';
  return lists[0] ? `every ${lists[0]}` : 'the records you want';
}

export function planFromCatalogue(prompt: string, app: TSourceApp): Plan {
  const words = promptWords(prompt);
  const quoted = quotedOf(prompt);
  const scored = app.endpoints
    .map((ep, i) => scoreEndpoint(ep, i, words))
    .filter((s) => s.ep.method === 'GET' && s.score >= MIN_SCORE)
    .sort(byScore);
  const main = scored[0];
  if (!main) throw nothingMatches(app);

  const explain = { choose: [] as string[], chain: [] as string[], params: [] as string[] };
  const warnings: string[] = [];
  const taken = new Set<string>();
  const nodes: AssembledNode[] = [];
  const byOp = new Map<string, AssembledNode>();

  const add = (ep: TCatalogueEndpoint, depth: number): AssembledNode => {
    const had = byOp.get(ep.operationId);
    if (had) return had;
    const node: AssembledNode = { id: idFor(ep, taken), ep, params: {}, after: [] };
    byOp.set(ep.operationId, node);
    for (const p of ep.parameters) {
      if (!p.required || p.schema.default !== undefined) continue;
      const provider = depth < MAX_DEPTH ? providerOf(p, app.endpoints, ep) : null;
      if (!provider) {
        node.params[p.name] = '';
        warnings.push(
          `${ep.operationId} needs the ${p.in} parameter ${p.name} and no list endpoint returns it: fill it in the builder.`,
        );
        continue;
      }
      const reused = byOp.has(provider.ep.operationId);
      const up = add(provider.ep, depth + 1);
      if (up.after.length && !reused)
        warnings.push(
          `${node.id} calls ${ep.path} once per ${up.id} record, and ${up.id} itself runs once per record of ${up.after.join(', ')}: that can be many calls (a node makes at most 1000).`,
        );
      node.params[p.name] = `{{nodes.${up.id}.data[*].${provider.field}}}`;
      if (!node.after.includes(up.id)) node.after.push(up.id);
      explain.chain.push(
        reused
          ? `${ep.operationId} needs ${p.name} too: it reads the same ${up.id} node.`
          : `${up.id}: ${provider.ep.method} ${provider.ep.path} (${provider.ep.operationId}) runs first because ${ep.operationId} needs ${p.name}, which ${provider.ep.operationId} returns as each record's ${provider.field}.`,
        `Fan-out: ${node.id} calls ${ep.path} once per ${up.id} record, with ${p.name} = ${node.params[p.name]}.`,
      );
    }
    nodes.push(node);
    return node;
  };

  const chosen: Scored[] = [main];
  add(main.ep, 0);
  const resources = new Set(scored.filter((s) => isList(s.ep)).map((s) => resourceStem(resourceOf(s.ep))));
  const named = namedResources(prompt, resources);
  for (const s of scored) {
    if (chosen.length >= MAX_MAINS) break;
    const r = resourceStem(resourceOf(s.ep));
    if (!isList(s.ep) || byOp.has(s.ep.operationId) || !named.has(r)) continue;
    if (chosen.some((c) => resourceStem(resourceOf(c.ep)) === r)) continue;
    chosen.push(s);
    add(s.ep, 0);
  }
  // the final schema lists what the prompt names in the prompt's order
  const at = (s: Scored) => {
    const i = rawWords(prompt).findIndex((w) => resourceStem(w) === resourceStem(resourceOf(s.ep)));
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  if (chosen.length > 1) chosen.sort((a, b) => at(a) - at(b));
  const mains = chosen.map((s) => byOp.get(s.ep.operationId)!);
  chosen.forEach((s, i) => {
    explain.choose.push(
      `${mains[i]!.id}: ${s.ep.method} ${s.ep.path} (${s.ep.operationId}) ${s === main ? 'best matches the prompt' : 'is named in the prompt too'}: ${matchedText(s)}.`,
    );
  });
  const chosenResources = new Set(chosen.map((c) => resourceStem(resourceOf(c.ep))));
  const runnerUp = scored.find(
    (s) => !byOp.has(s.ep.operationId) && !chosenResources.has(resourceStem(resourceOf(s.ep))),
  );
  if (runnerUp && runnerUp.score >= main.score * 0.8)
    warnings.push(
      `${runnerUp.ep.operationId} matched almost as well (${matchedText(runnerUp)}); add it in the builder if you meant it.`,
    );

  for (const node of nodes) {
    for (const f of paramsFromPrompt(node.ep, words, prompt, quoted)) {
      node.params[f.name] = f.value;
      explain.params.push(
        `Filled from the prompt: ${f.name} = ${String(f.value)} on ${node.id} (${quote([f.because])}).`,
      );
    }
  }
  return assemble({ prompt, app, nodes, mains, words, explain, warnings });
}
