import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  jaccard,
  jaro,
  jaroWinkler,
  levenshtein,
  levenshteinSimilarity,
  normaliseOrganisation,
  normaliseText,
  qgrams,
  tokens,
} from '../src/similarity/index.ts';

describe('similarity', () => {
  it('Jaro and Jaro-Winkler give the published values (Winkler 1990)', () => {
    expect(jaro('martha', 'marhta')).toBeCloseTo(0.9444, 4);
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.9611, 4);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.8133, 4);
    expect(jaroWinkler('', '')).toBe(0);
    expect(jaroWinkler('abc', '')).toBe(0);
    expect(jaroWinkler('same', 'same')).toBe(1);
  });

  it('Levenshtein counts edits and stops past the bound', () => {
    expect(levenshtein('kitten', 'sitting')).toBe(3);
    expect(levenshtein('', 'abc')).toBe(3);
    expect(levenshtein('flaw', 'lawn')).toBe(2);
    expect(levenshtein('kitten', 'sitting', 1)).toBe(2);
    expect(levenshteinSimilarity('abcd', 'abcf')).toBeCloseTo(0.75);
  });

  it('comparators are symmetric and bounded', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        const jw = jaroWinkler(a, b);
        expect(jw).toBeGreaterThanOrEqual(0);
        expect(jw).toBeLessThanOrEqual(1 + 1e-12);
        expect(jaro(a, b)).toBeCloseTo(jaro(b, a), 12);
        expect(levenshtein(a, b)).toBe(levenshtein(b, a));
      }),
    );
  });

  it('normalises case, accents, punctuation and legal forms', () => {
    expect(normaliseText('  Crème-Brûlée, S.A. ')).toBe('creme brulee s a');
    expect(normaliseOrganisation('ACME Corp.')).toBe('acme');
    expect(normaliseOrganisation('Acme Corporation')).toBe('acme');
    expect(normaliseOrganisation('The Bank of Åland GmbH')).toBe('bank aland');
    expect(tokens('')).toEqual([]);
    expect(jaccard(tokens('a b c'), tokens('b c d'))).toBeCloseTo(0.5);
    expect(qgrams('ab', 3)).toEqual(['  a', ' ab', 'ab ', 'b  ']);
  });
});
