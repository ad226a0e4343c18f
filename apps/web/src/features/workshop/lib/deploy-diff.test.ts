import type { TFieldMapping } from '@mapwright/contracts';
import { describe, expect, it } from 'vitest';
import { deployPlan } from './deploy-diff.ts';

const f = (target: string, sources: string[], status?: string): TFieldMapping => ({
  target,
  sources,
  transform: { kind: 'copy' },
  confidence: 0.9,
  bucket: 'Very High',
  reason: '',
  ...(status ? { status } : {}),
});
const schema = (...names: string[]) => ({
  type: 'object',
  properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
});

describe('deploy plan', () => {
  it('lists added, changed, approved and removed fields and schema changes', () => {
    const plan = deployPlan({
      draft: [f('a', ['x']), f('b', ['y2']), f('c', ['z'], 'approved'), f('d', ['w'])],
      deployed: {
        a: { '@sources': ['x'], '@transform': { kind: 'copy' } },
        b: { '@sources': ['y'], '@transform': { kind: 'copy' } },
        c: { '@sources': ['z'], '@transform': { kind: 'copy' } },
        gone: { '@sources': ['q'], '@transform': { kind: 'copy' } },
      },
      draftSchema: schema('a', 'b', 'c', 'd'),
      currentSchema: schema('a', 'b', 'c', 'gone'),
    });
    expect(plan.fields.map((c) => [c.target, c.kind])).toEqual([
      ['b', 'changed'],
      ['c', 'approved'],
      ['d', 'added'],
      ['gone', 'removed'],
    ]);
    expect(plan.schemaAdded).toEqual(['d']);
    expect(plan.schemaRemoved).toEqual(['gone']);
  });

  it('treats every field as new before the first deploy', () => {
    const plan = deployPlan({
      draft: [f('a', ['x'])],
      deployed: null,
      draftSchema: schema('a'),
      currentSchema: schema('a'),
    });
    expect(plan.fields).toEqual([{ target: 'a', kind: 'added', words: 'x' }]);
  });
});
