import { describe, expect, it } from 'vitest';
import { buildLineageGraph, pathOf, sourceId, targetId, transformId } from './lineage-graph.ts';
import { fieldsOf, type TApiSpec, typeLabel } from './spec.ts';
import { transformWords } from './transform-words.ts';

const entry = (sources: string[], transform: Record<string, unknown>, score = 0.95, extra = {}) => ({
  '@sources': sources,
  '@default_values': [],
  '@transform': { kind: transform.kind as string, ...transform },
  confidence: { score, bucket: score >= 0.9 ? 'Very High' : 'Low' },
  reason: 'because',
  ...extra,
});

const SPEC: TApiSpec = {
  id: entry(['customer_id'], { kind: 'copy' }),
  amount: entry(['total'], { kind: 'cast', to: 'number' }, 0.3),
  'customer.name': entry(['first', 'last'], { kind: 'concat', separator: ' ' }),
  total: entry(['items[*].price'], { kind: 'aggregate', fn: 'sum' }),
  source: { ...entry([], { kind: 'constant' }), '@default_values': ['crm'] },
  score: entry([], { kind: 'jsonata', expression: '$count($keys($))' }),
};
const SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    amount: { type: ['number', 'null'] },
    customer: { type: 'object', properties: { name: { type: 'string' } } },
    signup: { type: 'string', format: 'date' },
    lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } } } },
  },
};

describe('fieldsOf', () => {
  it('reads each target with its type from the schema and a transform even when the entry has none', () => {
    const fields = fieldsOf(
      {
        ...SPEC,
        legacy: { '@sources': ['a', 'b'], '@default_values': [] },
        'lines[*].sku': entry(['items[*].sku'], { kind: 'copy' }),
      },
      SCHEMA,
    );
    const by = new Map(fields.map((f) => [f.target, f]));
    expect(by.get('id')?.type).toBe('integer');
    expect(by.get('amount')?.type).toBe('number or null');
    expect(by.get('customer.name')?.type).toBe('string');
    expect(by.get('lines[*].sku')?.type).toBe('string');
    expect(by.get('legacy')).toMatchObject({
      transform: { kind: 'concat', separator: ' ' },
      type: undefined,
    });
    expect(by.get('source')).toMatchObject({ hasDefault: true, default: 'crm' });
    expect(typeLabel({ type: 'string', format: 'date' })).toBe('string · date');
  });
});

describe('buildLineageGraph', () => {
  const fields = fieldsOf(SPEC, SCHEMA);
  const { nodes, edges } = buildLineageGraph(fields, [
    { path: 'customer_id', type: 'integer' },
    { path: 'total', type: 'string', format: 'currency' },
    { path: 'unused', type: 'string' },
  ]);
  const node = (id: string) => nodes.find((n) => n.id === id);

  it('puts sources, transforms and targets in three columns', () => {
    const xs = (type: string) => [...new Set(nodes.filter((n) => n.type === type).map((n) => n.position.x))];
    const columns = [xs('source'), xs('transform'), xs('target')];
    for (const c of columns) expect(c).toHaveLength(1);
    const [s, t, f] = columns.map((c) => c[0] as number) as [number, number, number];
    expect(s < t && t < f).toBe(true);
    // nodes of one column never overlap
    const ys = nodes
      .filter((n) => n.type === 'target')
      .map((n) => n.position.y)
      .sort((a, b) => a - b);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(64);
  });

  it('links a plain copy straight through and the rest through a transform node in words', () => {
    expect(node(transformId('id'))).toBeUndefined();
    expect(edges.map((e) => e.id)).toContain(`${sourceId('customer_id')}->${targetId('id')}`);
    expect(node(transformId('amount'))?.data).toMatchObject({ label: 'cast to number', low: true });
    expect(node(transformId('customer.name'))?.data).toMatchObject({ label: "concat with ' '" });
    expect(node(transformId('total'))?.data).toMatchObject({ label: 'sum of items[*].price' });
    expect(node(transformId('source'))?.data).toMatchObject({ label: 'constant' });
    expect(node(sourceId('*record'))?.data).toMatchObject({ wholeRecord: true, targets: ['score'] });
    expect(node(sourceId('total'))?.data).toMatchObject({ type: 'string · currency', used: true });
    expect(node(sourceId('unused'))?.data).toMatchObject({ used: false, targets: [] });
    const low = edges.filter((e) => e.animated).map((e) => e.id);
    expect(low).toEqual([
      `${sourceId('total')}->${transformId('amount')}`,
      `${transformId('amount')}->${targetId('amount')}`,
    ]);
    expect(edges.some((e) => e.source === '__ghost' || e.target === '__ghost')).toBe(false);
  });

  it('finds the path of a target back to its sources', () => {
    const path = pathOf(new Set(['customer.name']), nodes, edges);
    expect([...path.nodeIds].sort()).toEqual(
      [sourceId('first'), sourceId('last'), transformId('customer.name'), targetId('customer.name')].sort(),
    );
    expect(path.edgeIds.size).toBe(3);
  });
});

describe('transformWords', () => {
  it('says what a transform does', () => {
    expect(transformWords({ kind: 'date', from: 'MM/DD/YYYY', to: 'date' })).toBe(
      'date MM/DD/YYYY → YYYY-MM-DD',
    );
    expect(transformWords({ kind: 'lookup', table: { a: 1, b: 2, c: 3, d: 4 } })).toBe('lookup (4 values)');
    expect(
      transformWords({
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'cast', to: 'integer' },
        ],
      }),
    ).toBe('trim spaces, then cast to integer');
    expect(transformWords({ kind: 'split', separator: '\n', index: -1 })).toBe(
      "split on '\\n', take the last part",
    );
    expect(transformWords({ kind: 'copy' }, ['a', 'b'])).toBe('first with a value of a, b');
  });
});
