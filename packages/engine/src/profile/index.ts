export { type ColumnType, inferColumnType, profileRows } from './column-type.ts';
export {
  DATE_LAYOUTS,
  dateLayoutsOf,
  isDateTimeLayout,
  parseLooseNumber,
  valueFormatOf,
} from './formats.ts';
export { type ColumnInsights, columnInsights, countryOf, keyOf, type SemanticType } from './insights.ts';
export { createProfiler, type ProfileOptions, type Profiler, profileRecords } from './profiler.ts';
