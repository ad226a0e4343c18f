import { jaccard, jaroWinkler, levenshteinSimilarity } from '../similarity/compare.ts';
import { normaliseOrganisation, normaliseText } from '../similarity/normalise.ts';
import type { TfIdf } from './tfidf.ts';
import type { JoinCondition, JoinMethod, JoinNormaliser } from './types.ts';

/** The normaliser a condition uses when it names none. */
export const normaliserOf = (c: JoinCondition): JoinNormaliser =>
  c.normalise ?? (c.method === 'exact' ? 'none' : 'name');

/**
 * A value as compared, or null when it cannot match anything (null, empty, only punctuation):
 * in a join, as in SQL, nulls never match — not even each other.
 */
export function joinKeyOf(value: unknown, normalise: JoinNormaliser): string | null {
  if (value === null || value === undefined) return null;
  const raw =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (normalise === 'none') return raw.trim() ? raw : null;
  const text = normaliseText(raw);
  if (normalise === 'text') return text || null;
  // a name that is only a legal form or stop words ("The Company") keeps its plain text
  return normaliseOrganisation(raw) || text || null;
}

/** The similarity in [0, 1] of two normalised keys by a fuzzy method. */
export function similarity(method: JoinMethod, a: string, b: string, tfidf?: TfIdf): number {
  if (a === b) return 1;
  switch (method) {
    case 'exact':
      return 0;
    case 'jaro_winkler':
      return jaroWinkler(a, b);
    case 'levenshtein':
      return levenshteinSimilarity(a, b);
    case 'token_jaccard':
      return jaccard(a.split(' '), b.split(' '));
    case 'tfidf_cosine':
      if (!tfidf) throw new Error('tfidf_cosine needs the token weights of both sides');
      return tfidf.cosine(a.split(' '), b.split(' '));
  }
}
