export { describeValue, type ErrorType, type FieldError, fieldOf } from './messages.ts';
export {
  type LinearRegExp,
  linearRegExpEngine,
  type PatternProblem,
  patternProblem,
  patternProblems,
  userRegExp,
} from './regexp.ts';
export {
  type BatchValidation,
  createValidator,
  type GlobalError,
  type GlobalErrors,
  type RecordErrors,
  type RecordMessage,
  type RecordValidator,
  uniquePaths,
} from './validator.ts';
