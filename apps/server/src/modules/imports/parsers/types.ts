export type ImportFormat = 'csv' | 'tsv' | 'xlsx' | 'json' | 'jsonl' | 'parquet';

export type ParsedItem =
  | { kind: 'record'; line: number; record: Record<string, unknown> }
  | { kind: 'problem'; line: number; reason: string; raw?: string };

export interface ParseOptions {
  delimiter?: string;
  quote?: string;
  encoding?: string;
  /** first row holds the column names; detected when omitted */
  header?: boolean;
  /** Excel: the sheet to import (name); the first sheet when omitted */
  sheet?: string;
}

/** What the parser settled on, shown to the user so they can override it. */
export interface Detected {
  format: ImportFormat;
  encoding?: string;
  delimiter?: string;
  quote?: string;
  header?: boolean;
  sheet?: string;
  sheets?: string[];
}

/** A format problem that makes the whole file unreadable (not one bad row). */
export class UnreadableFileError extends Error {}

/** Deepest nesting accepted in a JSON record; deeper data is reported, not parsed further. */
export const MAX_DEPTH = 64;

/** Sets an own property even for keys like `__proto__` (a plain assignment would change the prototype). */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
