export { fromApiSpec, toApiSpec } from './api-spec.ts';
export { diffSpecs, type FieldAspect, type FieldChange, type SpecDiff } from './diff.ts';
export {
  FORBIDDEN_SEGMENTS,
  getPath,
  type PathSegment,
  parsePath,
  pathProblem,
  splitAtFirstArray,
} from './paths.ts';
export {
  type SpecProblem,
  type SpecValidation,
  transformProblems,
  validateMappingSpec,
} from './validate-spec.ts';
