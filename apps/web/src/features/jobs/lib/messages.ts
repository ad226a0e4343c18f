/** One mapped record's outcome as the API sends it: "success", or its errors. */
export interface TRecordErrors {
  record_errors: Record<string, { error_message: string; error_type: string }>;
  global_errors?: unknown;
}
export type TMappingMessage = 'success' | TRecordErrors;

export interface TMapping {
  index: number;
  /** the record's line in its source file (an import's records); absent for records posted inline */
  line?: number;
  source_record: unknown;
  mapped_record: unknown;
  message: unknown;
  /** fixed by hand in the quarantine, not yet applied */
  fixed?: boolean;
}

export function recordErrorsOf(message: unknown): TRecordErrors['record_errors'] {
  if (!message || typeof message !== 'object') return {};
  const errors = (message as Partial<TRecordErrors>).record_errors;
  return errors && typeof errors === 'object' ? errors : {};
}

export const isValid = (message: unknown) => message === 'success';

/**
 * The rule a message states, without the field name in front or the offending value behind:
 * `email: must be an email address, got string "x"` → `must be an email address`.
 */
export function ruleOf(field: string, message: string): string {
  let rule = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  rule = rule.replace(/, got .*$/s, '');
  if (/^value ".*" is not unique/s.test(rule)) rule = 'must be unique, but the value repeats';
  return rule;
}
