export { applyMapperEdits, type EditProblem, type MapperEdit, mapperEditProblems } from './mapper-edit.ts';
export {
  inferSampleEdit,
  type SampleEditChange,
  type SampleEditHow,
  type SampleEditInference,
} from './sample-edit.ts';
