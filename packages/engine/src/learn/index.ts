export {
  applyMapperEdits,
  type EditProblem,
  MAPPER_EDIT_TRANSFORMS,
  type MapperEdit,
  type MapperEditTransform,
  mapperEditProblems,
} from './mapper-edit.ts';
export {
  inferSampleEdit,
  type SampleEditChange,
  type SampleEditHow,
  type SampleEditInference,
} from './sample-edit.ts';
