export {
  acceptedCount,
  createKnowledge,
  type Knowledge,
  knowledgeKey,
  learnedLookup,
  recordAcceptedLookup,
  recordAcceptedMapping,
} from './knowledge.ts';
export {
  conceptOf,
  conceptSimilarity,
  joinCompounds,
  nameConcepts,
  splitWords,
  trigramSimilarity,
} from './names.ts';
export {
  type Candidate,
  type FieldSuggestion,
  type Suggestion,
  type SuggestOptions,
  suggestMapping,
} from './suggest.ts';
export {
  type TargetFromExamplesOptions,
  type TargetInfo,
  targetFromExamples,
  targetInfos,
} from './target.ts';
