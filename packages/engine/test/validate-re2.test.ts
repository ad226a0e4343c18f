import { describe, expect, it } from 'vitest';
import { suggestMapping } from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';
import { createValidator, patternProblem, patternProblems, userRegExp } from '../src/validate/index.ts';

// `^(a+)+$` backtracks exponentially on JavaScript's RegExp: 40 a's and a '!' would take hours
const EVIL = '^(a+)+$';
const EVIL_INPUT = `${'a'.repeat(40)}!`;

describe('user patterns run in linear time (RE2)', () => {
  it('validates a catastrophic-backtracking pattern at once', () => {
    const v = createValidator({
      type: 'object',
      properties: { code: { type: 'string', pattern: EVIL } },
    } as JsonSchema);
    const r = v.validateRecords([{ code: EVIL_INPUT }, { code: 'aaaa' }, { code: EVIL_INPUT }]);
    expect(r.valid).toBe(1);
    expect(r.messages[1]).toBe('success');
    expect(r.messages[0]).toMatchObject({
      record_errors: { code: { error_message: expect.stringContaining('pattern') } },
    });
  });

  it('matches patternProperties keys on RE2 as well', () => {
    const v = createValidator({
      type: 'object',
      properties: { tags: { type: 'object', patternProperties: { [EVIL]: { type: 'number' } } } },
    } as JsonSchema);
    expect(v.validateRecord({ tags: { [EVIL_INPUT]: 'x', aaa: 1 } })).toEqual([]);
    expect(v.validateRecord({ tags: { aaa: 'x' } })).toHaveLength(1);
  });

  it('reads JavaScript pattern syntax as RegExp does', () => {
    const cases: [string, string, boolean][] = [
      ['^\\d{4}$', '2024', true],
      ['^\\d{4}$', '20245', false],
      ['^\\p{Lu}{3}$', 'ÉTÉ', true],
      ['^(?<year>\\d{4})-\\d{2}$', '2024-03', true],
      ['^a\\/b$', 'a/b', true],
      ['^\\u00e9$', 'é', true],
      ['^\\+[1-9]\\d{1,14}$', '+14155550100', true],
      ['^[A-Z]{2}$', 'us', false],
    ];
    for (const [p, s, ok] of cases) {
      expect(userRegExp(p, 'u').test(s), `${p} on ${s}`).toBe(ok);
      expect(new RegExp(p, 'u').test(s), `RegExp agrees on ${p}`).toBe(ok);
    }
  });

  it('explains why a pattern RE2 cannot run is refused', () => {
    expect(patternProblem('^\\d+$')).toBeUndefined();
    expect(patternProblem('(a)\\1')).toMatch(/backreference/);
    expect(patternProblem('^(?=a)a')).toMatch(/lookaround/);
    expect(patternProblem('^(?<!x)y')).toMatch(/lookaround/);
    expect(patternProblem('[')).toMatch(/not a valid regular expression/);
  });

  it('finds every unsupported pattern with its path, not data that merely looks like one', () => {
    expect(
      patternProblems({
        type: 'object',
        properties: {
          ok: { type: 'string', pattern: '^a+$' },
          code: { type: 'string', pattern: '(x)\\1' },
          enum: { type: 'object', patternProperties: { '(?=y)': {} } },
          d: { type: 'object', default: { pattern: '(x)\\1' }, examples: [{ pattern: '(?=a)' }] },
        },
      }),
    ).toEqual([
      { path: ['properties', 'code', 'pattern'], reason: expect.stringMatching(/backreference/) },
      {
        path: ['properties', 'enum', 'patternProperties', '(?=y)'],
        reason: expect.stringMatching(/lookaround/),
      },
    ]);
  });

  it('a schema with an unsupported pattern does not compile', () => {
    expect(() =>
      createValidator({
        type: 'object',
        properties: { a: { type: 'string', pattern: '(a)\\1' } },
      } as JsonSchema),
    ).toThrow();
  });
});

describe('mapping suggestions run the target pattern on RE2', () => {
  it('tries a catastrophic pattern against sample values at once', () => {
    const records = Array.from({ length: 20 }, (_, i) => ({ phone: `${'a'.repeat(36 + (i % 3))}!` }));
    const { spec } = suggestMapping({
      profile: profileRecords(records),
      targetSchema: { type: 'object', properties: { phone: { type: 'string', pattern: EVIL } } },
    });
    expect(spec.fields.map((f) => f.target)).toContain('phone');
  });
});
