import { describe, expect, it } from 'vitest';
import { findJsonError } from './json-error.ts';
import { parseJson } from './parse-json.ts';

describe('where JSON goes wrong', () => {
  it('accepts what JSON.parse accepts', () => {
    for (const ok of [
      '{}',
      '[]',
      ' [1, -2.5e3, "a\\"b\\u00e9", true, false, null, {"x": [{}]}] ',
      '"s"',
      '0',
    ])
      expect(findJsonError(ok), ok).toBeNull();
  });

  it('points at the first offending character with what was expected', () => {
    expect(findJsonError('[{"a":1},\n {"b": }]')).toEqual({
      offset: 17,
      message: `Unexpected "}": expected a value`,
    });
    expect(findJsonError('{a: 1}')?.message).toBe(
      'Unexpected "a": expected a property name in double quotes',
    );
    expect(findJsonError('[1 2]')?.message).toBe(`Unexpected "2": expected ',' or ']'`);
    expect(findJsonError('[1,')?.message).toBe('The JSON ends too early: expected a value');
    expect(findJsonError('{"a":1} x')?.message).toBe(
      `Unexpected "x": expected nothing more after the JSON value`,
    );
    expect(findJsonError('"abc')?.message).toBe('The JSON ends too early: expected a closing quote');
  });

  it('gives line and column in the parse error', () => {
    expect(parseJson('[{"a":1},\n {"b": }]')).toEqual({
      ok: false,
      error: 'Unexpected "}": expected a value (line 2, column 8)',
      line: 2,
      column: 8,
    });
  });
});
