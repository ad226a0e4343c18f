/** The shapes of a data join (the server stores them; the engine runs them). */

/** SQL's join kinds; `anti` keeps the left rows that match nothing (a left anti join). */
export const JOIN_KINDS = ['inner', 'left', 'right', 'full', 'anti'] as const;
export type JoinKind = (typeof JOIN_KINDS)[number];

/**
 * How one condition compares its two values: exactly, or by a string similarity in [0, 1]
 * (Jaro-Winkler, Levenshtein, Jaccard of word tokens, TF-IDF cosine of word tokens).
 */
export const JOIN_METHODS = [
  'exact',
  'jaro_winkler',
  'levenshtein',
  'token_jaccard',
  'tfidf_cosine',
] as const;
export type JoinMethod = (typeof JOIN_METHODS)[number];

/**
 * What is compared: the value as it is, its normalised text (case, accents, punctuation,
 * spaces), or as a name (normalised text without stop words and legal forms such as Inc/GmbH).
 */
export const JOIN_NORMALISERS = ['none', 'text', 'name'] as const;
export type JoinNormaliser = (typeof JOIN_NORMALISERS)[number];

export interface JoinCondition {
  left: string;
  right: string;
  method: JoinMethod;
  /** default: `none` for exact conditions, `name` for fuzzy ones */
  normalise?: JoinNormaliser;
}

export interface JoinOptions {
  kind: JoinKind;
  conditions: JoinCondition[];
  /** a pair matches when the mean of its fuzzy scores reaches this; default DEFAULT_THRESHOLD */
  threshold?: number;
  /** `best`: one match per left row (its highest score); `all`: every match above the threshold */
  matches?: 'best' | 'all';
  /** the most output pairs a join may produce before it stops with a JoinLimitError */
  maxPairs?: number;
  /** fuzzy candidates scored per left row (the best by shared q-grams) */
  maxCandidates?: number;
}

/** One output row: indexes into the left and right inputs (null on the unmatched side). */
export interface JoinPair {
  left: number | null;
  right: number | null;
  /** 1 for exact matches, the fuzzy score otherwise, null when unmatched */
  score: number | null;
}

export interface JoinStats {
  leftRows: number;
  rightRows: number;
  /** left rows with at least one match */
  matchedLeft: number;
  unmatchedLeft: number;
  /** right rows no left row matched */
  unmatchedRight: number;
  /** left rows with two or more matches above the threshold */
  ambiguous: number;
  /** match pairs (before the join kind adds unmatched rows) */
  pairs: number;
  /** fuzzy pairs compared (what blocking kept of leftRows × rightRows) */
  compared: number;
  /** best score of each left row with a candidate, in 10 buckets of 0.1 (the last holds 1.0) */
  histogram: number[];
}

export interface JoinResult {
  rows: JoinPair[];
  stats: JoinStats;
  /** matched pairs with a score nearest the threshold, on either side of it (fuzzy joins) */
  nearThreshold: { left: number; right: number; score: number }[];
}
