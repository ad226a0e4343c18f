/** Turns ajv errors into the readable, field-named messages of api-pipelines.md. */
import type { ErrorObject } from 'ajv';

/**
 * The error types of api-pipelines.md (`Type Error`, `Unique Error`, `Schema Error`) and two of
 * issue 24's: `Missing` (a required field with no value: absent, null or blank text — its own
 * type, not a wrong type) and `Format Error` (a required field whose source value a transform
 * could not read, e.g. "`Sep 7 2023` is not a date this transform reads").
 */
export type ErrorType = 'Type Error' | 'Unique Error' | 'Schema Error' | 'Missing' | 'Format Error';

export interface FieldError {
  field: string;
  error_type: ErrorType;
  error_message: string;
  /** the message without the offending value: records with the same one are grouped in global_errors */
  group: string;
}

const FORMAT_HINTS: Record<string, string> = {
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date-time (ISO 8601, e.g. 2024-03-04T10:00:00Z)',
  time: 'a time (HH:mm:ss with offset)',
  email: 'an email address',
  uri: 'a URI',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
};

export function describeValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const type = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
  let text = JSON.stringify(v) ?? String(v);
  if (text.length > 40) text = `${text.slice(0, 37)}...`;
  return type === 'null' ? 'null' : `${type} ${text}`;
}

/** `/transactions/0/amount` -> `transactions[0].amount` */
export function fieldOf(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  let out = '';
  for (const p of parts) out += /^\d+$/.test(p) ? `[${p}]` : out ? `.${p}` : p;
  return out || '(record)';
}

function valueAt(record: unknown, instancePath: string): unknown {
  let v = record;
  for (const p of instancePath.split('/').slice(1)) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, p)) return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

/** null or text of spaces only: no value, though the key is there */
const blank = (v: unknown) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * `required(instancePath)`: whether the value at that path is required in its parent object. A
 * required value that is absent, null or blank is `Missing`, whatever rule it also breaks.
 */
export function toFieldError(
  e: ErrorObject,
  record: unknown,
  required?: (instancePath: string) => boolean,
): FieldError {
  const params = e.params as Record<string, unknown>;
  const value = valueAt(record, e.instancePath);
  const got = describeValue(value);
  const at = (field: string, type: ErrorType, rule: string, withValue = true): FieldError => ({
    field,
    error_type: type,
    error_message: withValue ? `${field}: ${rule}, got ${got}` : `${field}: ${rule}`,
    group: `${field}: ${rule}`,
  });
  const field = fieldOf(e.instancePath);
  if (e.keyword !== 'required' && required && blank(value) && e.instancePath && required(e.instancePath))
    return at(field, 'Missing', 'is required');
  switch (e.keyword) {
    case 'type':
      return at(field, 'Type Error', `must be ${String(params.type).replace(/,/g, ' or ')}`);
    case 'format':
      return at(
        field,
        'Type Error',
        `must be ${FORMAT_HINTS[String(params.format)] ?? `in format ${String(params.format)}`}`,
      );
    case 'enum':
      return at(
        field,
        'Type Error',
        `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
      );
    case 'const':
      return at(field, 'Type Error', `must be ${JSON.stringify(params.allowedValue)}`);
    case 'required':
      return at(fieldOf(e.instancePath, String(params.missingProperty)), 'Missing', 'is required', false);
    case 'additionalProperties':
      return at(
        fieldOf(e.instancePath, String(params.additionalProperty)),
        'Schema Error',
        'is not a property of the target schema',
        false,
      );
    default:
      return at(field, 'Schema Error', e.message ?? `fails ${e.keyword}`);
  }
}
