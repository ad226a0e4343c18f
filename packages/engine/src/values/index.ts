export { type MapValuesOptions, mapValues, type ValueMapping, type ValueMatch } from './map-values.ts';
export {
  editDistance,
  editSimilarity,
  isAbbreviation,
  isNullLike,
  normalizeText,
  stem,
  valueKeys,
} from './normalize.ts';
