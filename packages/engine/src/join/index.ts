// Data joins: exact and fuzzy joins of row arrays, key suggestions, output columns.
export { QgramIndex } from './blocking.ts';
export { joinKeyOf, normaliserOf, similarity } from './compare.ts';
export { JoinLimitError } from './errors.ts';
export { DEFAULT_MAX_CANDIDATES, DEFAULT_MAX_PAIRS, DEFAULT_THRESHOLD, JoinRun, joinRows } from './join.ts';
export { type JoinOutputColumn, joinOutputColumns } from './output.ts';
export { type KeyColumnProfile, type KeySuggestion, suggestJoinKeys } from './suggest.ts';
export { TfIdf } from './tfidf.ts';
export * from './types.ts';
