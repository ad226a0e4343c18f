/** What the profiler infers about source data; the matcher's evidence and the imports' column types. */

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

/** Semantic formats recognised in values (including numbers/booleans written as strings). */
export type ValueFormat =
  | 'date'
  | 'date-time'
  | 'time'
  | 'email'
  | 'uuid'
  | 'url'
  | 'phone'
  | 'currency'
  | 'percent'
  | 'number-string'
  | 'integer-string'
  | 'boolean-string'
  | 'zip'
  | 'country'
  | 'ip';

export interface FieldProfile {
  /** leaf path with `[*]` for arrays, e.g. `items[*].price` */
  path: string;
  /** last property name of the path (`price`) */
  name: string;
  /** dominant JSON type of non-null values */
  type: JsonType;
  /** counts of each JSON type seen (null included) */
  typeCounts: Partial<Record<JsonType, number>>;
  format?: ValueFormat;
  /** for dates: the layout detected, e.g. 'MM/DD/YYYY' (see spec/types DateLayout) */
  layout?: string;
  /** values seen (array elements count one each) */
  count: number;
  /** share of records where the value is null, empty string or missing (0..1) */
  nullRate: number;
  distinctCount: number;
  /** present when the field is low-cardinality: each distinct value with its count, most frequent first */
  distinct?: { value: string | number | boolean; count: number }[];
  /** up to 5 example non-null values */
  examples: unknown[];
  /** numbers (or number-strings): min, max, mean; strings: min/max length */
  stats?: { min?: number; max?: number; mean?: number; minLength?: number; maxLength?: number };
  /** true when the path goes through an array */
  inArray: boolean;
  /** the distinct values tracked (bounded, first seen first): value evidence for the matcher */
  sampleValues?: string[];
}

export interface SourceProfile {
  recordCount: number;
  fields: FieldProfile[];
  /** values under paths beyond the profiler's field cap (not profiled) */
  droppedPaths?: number;
}
