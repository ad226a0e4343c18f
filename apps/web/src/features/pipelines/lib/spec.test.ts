import { describe, expect, it } from 'vitest';
import { fromApiSpec } from './spec.ts';

describe('fromApiSpec', () => {
  it('reads the spec form back, keeping "leave out instead of null" for unmapped optional fields', () => {
    const spec = fromApiSpec({
      name: {
        '@sources': ['full_name'],
        '@default_values': [],
        confidence: { score: 0.9, bucket: 'Very High' },
      },
      nickname: { '@sources': [], '@default_values': [null], '@omit_null': true },
      country: { '@sources': [], '@default_values': ['US'] },
    });
    expect(spec.fields.map((f) => [f.target, f.transform.kind, f.default, f.omitNull])).toEqual([
      ['name', 'copy', undefined, undefined],
      ['nickname', 'constant', null, true],
      ['country', 'constant', 'US', undefined],
    ]);
  });
});
