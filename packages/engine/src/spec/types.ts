/**
 * The mapping spec: Mapwright's versioned, serialisable description of how one source record
 * becomes one target record. One entry per target leaf field. Pure data (JSON-safe) so it can be
 * stored as an immutable mapper version, diffed field by field and shown in the workshop.
 *
 * Paths use dots for objects and `[*]` for arrays: `customer.name`, `items[*].price`.
 * A target path inside an array (`transactions[*].amount`) is mapped element by element from the
 * source array named by the `[*]` prefix of its first source path (`entries[*].value`): the
 * target array gets one element per source array element. Target paths never contain `.` inside a
 * property name (api-pipelines.md forbids it), so splitting on `.` is safe for targets.
 */

export const SPEC_VERSION = 1 as const;

export type ConfidenceBucket = 'Very High' | 'High' | 'Medium' | 'Low' | 'Very Low';

/**
 * Date layouts use tokens YYYY, YY, MM, M, DD, D, HH, mm, ss, MMM (Jan), MMMM (January); 'iso' and
 * 'epoch-ms' / 'epoch-s' are special, and as a `from`, 'dmy' / 'mdy' read every usual shape
 * (ISO, 14/10/2023, Sep 7 2023, 7 Sep 2023, with times and zones) with numeric dates day first /
 * month first (mapper/date-patterns.ts).
 */
export type DateLayout = string;

export type Transform =
  /** value unchanged (for a single source) */
  | { kind: 'copy' }
  /**
   * coerce to a JSON type; number parsing accepts currency symbols and codes before or after,
   * thousands separators, decimal commas ("799,41 €"), (1.00) negatives, percents;
   * `decimalComma`: the column writes decimal commas, so "1,234" is 1.234 (see mapper/money.ts)
   */
  | { kind: 'cast'; to: 'string' | 'number' | 'integer' | 'boolean'; decimalComma?: boolean }
  /** the ISO 4217 code an amount names by a symbol or code before or after it ("€799.41" → "EUR") */
  | { kind: 'currency' }
  /**
   * re-format a date/date-time; `from` omitted = detect (numeric dates month first when both
   * read); 'dmy' / 'mdy' = every usual shape in one day/month order; `to` is 'date'
   * (YYYY-MM-DD), 'date-time' (ISO 8601) or a layout
   */
  | { kind: 'date'; from?: DateLayout; to: 'date' | 'date-time' | DateLayout }
  | { kind: 'text'; op: 'trim' | 'upper' | 'lower' | 'title' }
  /** join several sources (skipping null/empty) */
  | { kind: 'concat'; separator: string }
  /** split one source and take the part at `index` (negative counts from the end) */
  | { kind: 'split'; separator: string; index: number }
  /**
   * one part of a person's name ("Smith Jr., Mary Ann" / "Dr. Mary Ann Smith Jr."): titles dropped,
   * "Last, First Middle" understood, suffixes (Jr., III, PhD) kept apart
   */
  | { kind: 'name'; part: 'first' | 'middle' | 'last' | 'suffix' }
  /**
   * a phone number as its national digits (`digits`, `nationalLength` long, default 10) or E.164
   * (`e164`, +`countryCode` national; default country code "1"); punctuation, spaces, a leading
   * +code / 00code and an extension (from the first letter on) are dropped; no value when it does not fit
   */
  | { kind: 'phone'; to: 'digits' | 'e164'; countryCode?: string; nationalLength?: number }
  /** map source values to target values; keys are String(sourceValue); unmatched -> `fallback` */
  | {
      kind: 'lookup';
      table: Record<string, unknown>;
      fallback?: 'keep' | 'null' | 'default';
      caseInsensitive?: boolean;
    }
  | { kind: 'arithmetic'; op: '+' | '-' | '*' | '/'; operand: number }
  /** a number rounded half up to `decimals` places (0–10): sums of amounts without float noise */
  | { kind: 'round'; decimals: number }
  /** reduce an array source (a path with `[*]`) to one value */
  | {
      kind: 'aggregate';
      /** earliest / latest: the smallest / largest text (ISO dates sort in time order: put a date step before) */
      fn: 'count' | 'sum' | 'min' | 'max' | 'avg' | 'first' | 'last' | 'join' | 'earliest' | 'latest';
      separator?: string;
    }
  /** no source: the field always gets `default` */
  | { kind: 'constant' }
  /** anything else: a JSONata expression evaluated against the whole source record */
  | { kind: 'jsonata'; expression: string }
  /** several transforms applied left to right (e.g. text trim, then lookup) */
  | { kind: 'chain'; steps: Transform[] };

export type FieldMappingStatus = 'suggested' | 'edited' | 'approved';

export interface FieldMapping {
  /** target leaf path */
  target: string;
  /** source paths, in order (concat uses this order); empty for constant / jsonata */
  sources: string[];
  transform: Transform;
  /** used when the sources are missing/null, or the transform yields null/undefined */
  default?: unknown;
  /**
   * The target field may be left out but does not accept null (it is not required and its type
   * has no null): where it would get null (a null `default`, as the matcher gives the fields it
   * found no source for), it is left out of the record instead. Absent = null is written.
   */
  omitNull?: boolean;
  /** 0..1, calibrated: about this share of mappings with this score are right */
  confidence: number;
  bucket: ConfidenceBucket;
  /** one human sentence: why this source and transform */
  reason: string;
  status?: FieldMappingStatus;
}

export interface MappingSpec {
  version: typeof SPEC_VERSION;
  fields: FieldMapping[];
}

/** The "spec" form of api-pipelines.md, per target property (dotted path for nested leaves). */
export interface ApiSpecEntry {
  '@sources': string[];
  '@default_values': unknown[];
  '@lookup'?: Record<string, unknown>;
  confidence_score?: Record<string, unknown>;
  confidence?: { score: number; bucket: ConfidenceBucket };
  reason?: string;
  /** Mapwright extension: the full transform, so the round trip is lossless */
  '@transform'?: Transform;
  /** Mapwright extension: the field's `omitNull` (present only when true) */
  '@omit_null'?: boolean;
}
export type ApiSpec = Record<string, ApiSpecEntry>;

export function bucketOf(confidence: number): ConfidenceBucket {
  if (confidence >= 0.9) return 'Very High';
  if (confidence >= 0.75) return 'High';
  if (confidence >= 0.5) return 'Medium';
  if (confidence >= 0.25) return 'Low';
  return 'Very Low';
}
