import type { TCatalogueEndpoint } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import {
  addEndpointNode,
  connect,
  customNodes,
  emptyGraph,
  makeFirstNode,
  nodeIdFor,
  removeNode,
  toStored,
  upstreamOf,
} from './graph-model.ts';
import { autoLayout } from './layout.ts';
import { describeRef, fanOutRef, recordFields, refsIn } from './references.ts';

const ep = (
  operationId: string,
  path: string,
  extra: Partial<TCatalogueEndpoint> = {},
): TCatalogueEndpoint => ({
  operationId,
  method: 'GET',
  path,
  summary: operationId,
  description: '',
  parameters: [],
  responseSchema: {},
  recordsPath: 'data',
  pagination: { follow: 'page.next' },
  ...extra,
});
const ENTITIES = ep('listEntities', '/api/v1/entities');
const CARDS = ep('listCards', '/api/v1/cards', {
  parameters: [
    { name: 'entity_id', in: 'query', required: true, description: null, schema: { type: 'string' } },
    { name: 'page_size', in: 'query', required: false, description: null, schema: { type: 'integer' } },
  ],
});

function chain() {
  const a = addEndpointNode(emptyGraph(), ENTITIES, 'sample-finance');
  const b = addEndpointNode(a.graph, CARDS, 'sample-finance');
  return b.graph;
}
const pairs = (g: { edges: { source: string; target: string }[] }) =>
  g.edges.map((e) => `${e.source}>${e.target}`).sort();

describe('graph edits', () => {
  it('names nodes after the operation and keeps ids unique', () => {
    expect(nodeIdFor(CARDS, new Set())).toBe('cards');
    expect(nodeIdFor(CARDS, new Set(['cards', 'cards_2']))).toBe('cards_3');
    expect(nodeIdFor(ep('getTransaction', '/t/{id}'), new Set())).toBe('transaction');
    expect(nodeIdFor(ep('123', '/api/v1/things/{id}'), new Set())).toBe('things');
  });

  it('adds each endpoint just before the final node, the first one as the first node', () => {
    const g = chain();
    expect(g.nodes.map((n) => n.id)).toEqual(['entities', 'cards', 'final']);
    expect(pairs(g)).toEqual(['cards>final', 'entities>cards']);
    const [entities, cards] = customNodes(g);
    expect(entities?.data.isFirstNode).toBe(true);
    expect(cards?.data.isFirstNode).toBe(false);
    // required parameters start empty; optional ones are left out; pagination follows the catalogue
    expect(cards?.data.params).toEqual({ entity_id: '' });
    expect(cards?.data.pagination).toEqual({ follow: 'page.next' });
    expect(cards?.data.errorHandling).toEqual({ retries: 3, delay: 1000 });
  });

  it('removing a node joins its neighbours and hands "first" on', () => {
    const g = removeNode(chain(), 'entities');
    expect(g.nodes.map((n) => n.id)).toEqual(['cards', 'final']);
    expect(pairs(g)).toEqual(['cards>final']);
    expect(customNodes(g)[0]?.data.isFirstNode).toBe(true);
    const middle = removeNode(chain(), 'cards');
    expect(pairs(middle)).toEqual(['entities>final']);
  });

  it('never removes the final node', () => {
    const g = chain();
    expect(removeNode(g, 'final')).toBe(g);
  });

  it('keeps exactly one first node', () => {
    const g = makeFirstNode(chain(), 'cards');
    expect(
      customNodes(g)
        .filter((n) => n.data.isFirstNode)
        .map((n) => n.id),
    ).toEqual(['cards']);
  });

  it('connects once, never a node to itself', () => {
    const g = chain();
    expect(connect(g, 'entities', 'cards')).toBe(g);
    expect(connect(g, 'cards', 'cards')).toBe(g);
    expect(pairs(connect(g, 'entities', 'final'))).toContain('entities>final');
  });

  it('lists every ancestor as upstream', () => {
    expect(upstreamOf(chain(), 'final').map((n) => n.id)).toEqual(['entities', 'cards']);
    expect(upstreamOf(chain(), 'entities')).toEqual([]);
  });

  it('lays out top to bottom and stores only the persisted fields', () => {
    const g = autoLayout(chain());
    const y = Object.fromEntries(g.nodes.map((n) => [n.id, n.position.y]));
    expect(y.entities).toBeLessThan(y.cards as number);
    expect(y.cards).toBeLessThan(y.final as number);
    const withUiState = {
      ...g,
      nodes: g.nodes.map((n) => ({ ...n, selected: true, measured: { width: 1 } })),
    };
    expect(Object.keys(toStored(withUiState).nodes[0] as object).sort()).toEqual([
      'data',
      'id',
      'position',
      'type',
    ]);
  });
});

describe('references', () => {
  it('writes and reads a fan-out reference', () => {
    const ref = fanOutRef('entities', 'id');
    expect(ref).toBe('{{nodes.entities.data[*].id}}');
    expect(refsIn(ref)).toEqual([{ nodeId: 'entities', path: '.data[*].id', fanOut: true }]);
    expect(describeRef(refsIn(ref)[0]!)).toBe('every id of entities (one call each)');
    expect(refsIn('{{nodes.e.data[0].id}}')[0]?.fanOut).toBe(false);
    expect(refsIn('plain')).toEqual([]);
    expect(refsIn(42)).toEqual([]);
  });

  it('lists the scalar fields of the records in a response', () => {
    const schema = {
      type: 'object',
      properties: {
        data: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              holder: { type: 'object', properties: { name: { type: 'string' } } },
              tags: { type: 'array' },
            },
          },
        },
      },
    };
    expect(recordFields(schema, 'data')).toEqual(['id', 'holder.name']);
  });
});
