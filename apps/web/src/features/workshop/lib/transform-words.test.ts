import { describe, expect, it } from 'vitest';
import { mappingWords, transformWords } from './transform-words.ts';

describe('transforms in words', () => {
  it('says what each transform does', () => {
    expect(transformWords({ kind: 'cast', to: 'number' })).toBe('as a number');
    expect(transformWords({ kind: 'date', to: 'date', from: 'MM/DD/YYYY' })).toBe(
      'as a date (YYYY-MM-DD) (read as MM/DD/YYYY)',
    );
    expect(transformWords({ kind: 'split', separator: ' ', index: -1 })).toBe('split on " ", the last part');
    expect(transformWords({ kind: 'lookup', table: { a: 1, b: 2 }, fallback: 'keep' })).toBe(
      'looked up in a table of 2 values (others kept)',
    );
    expect(
      transformWords({
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'cast', to: 'integer' },
        ],
      }),
    ).toBe('trimmed, then as a whole number');
  });

  it('says a whole mapping in one line, with its default', () => {
    expect(mappingWords({ sources: ['first', 'last'], transform: { kind: 'concat', separator: ' ' } })).toBe(
      'first + last, joined with a space',
    );
    expect(mappingWords({ sources: ['mail'], transform: { kind: 'copy' }, default: 'n/a' })).toBe(
      'mail; else "n/a"',
    );
    expect(mappingWords({ sources: [], transform: { kind: 'constant' }, default: 'GB' })).toBe('Always "GB"');
    expect(mappingWords({ sources: [], transform: { kind: 'constant' } })).toBe('Not mapped');
    expect(mappingWords({ sources: [], transform: { kind: 'jsonata', expression: '$x' } })).toBe(
      'Computed by a JSONata expression',
    );
  });
});
