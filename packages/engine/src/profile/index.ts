export { type ColumnType, inferColumnType, profileRows } from './column-type.ts';
export {
  DATE_LAYOUTS,
  dateLayoutsOf,
  isDateTimeLayout,
  parseLooseNumber,
  valueFormatOf,
} from './formats.ts';
export { createProfiler, type ProfileOptions, type Profiler, profileRecords } from './profiler.ts';
