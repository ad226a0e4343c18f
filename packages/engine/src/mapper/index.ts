export {
  type CompiledMapper,
  compileGetter,
  compileSpec,
  type MappedRecord,
  type MappingReport,
} from './compile.ts';
export { type DateOrder, type DayMonthOrder, dayMonthOrder, describeOrder } from './date-patterns.ts';
export {
  DETECT_LAYOUTS,
  dateReformatter,
  formatDate,
  layoutPattern,
  parseDate,
  reformatDate,
  tokenizeLayout,
} from './dates.ts';
export { type DroppedValue, dropRule } from './drops.ts';
export { type EvalContext, evaluateField, interpretSpec } from './interpret.ts';
export { currencyOf, writesDecimalCommas } from './money.ts';
export { toJsonata } from './to-jsonata.ts';
export {
  aggregate,
  arithmetic,
  lookupValue,
  scalarOf,
  splitPart,
  textOp,
  usesJsonata,
} from './transforms.ts';
export { castValue, parseBoolean, parseNumber, toInteger, toText } from './values.ts';
