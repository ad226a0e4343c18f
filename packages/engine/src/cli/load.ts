import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import { targetFromExamples } from '../match/target.ts';
import { type ProfileOptions, profileRecords } from '../profile/profiler.ts';
import type { SourceProfile } from '../profile/types.ts';
import type { JsonSchema } from '../schema/target-schema.ts';

/** I/O for the CLI and the benches only: the engine proper stays pure. */

function setKey(obj: Record<string, unknown>, key: string, value: unknown): void {
  // defineProperty keeps a `__proto__` column an ordinary key
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Header + rows of a CSV file (BOM, quotes, ragged rows handled by csv-parse). */
export function readCsv(file: string): { header: string[]; rows: string[][] } {
  const all = parse(readFileSync(file), {
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const [header = [], ...rows] = all;
  return { header: header.map((h) => h.trim()), rows };
}

export function csvRecords(header: string[], rows: string[][]): Record<string, unknown>[] {
  return rows.map((row) => {
    const rec: Record<string, unknown> = {};
    header.forEach((h, i) => {
      setKey(rec, h, row[i] ?? '');
    });
    return rec;
  });
}

/** Records from a CSV, JSON (array, or object holding one array) or JSONL file. */
export function readRecords(file: string): unknown[] {
  const ext = extname(file).toLowerCase();
  if (ext === '.csv' || ext === '.tsv') {
    const { header, rows } = readCsv(file);
    return csvRecords(header, rows);
  }
  const text = readFileSync(file, 'utf8');
  if (ext === '.jsonl' || ext === '.ndjson') {
    return text
      .split(/\r?\n/)
      .filter((l) => l.trim())
      .map((l, i) => {
        try {
          return JSON.parse(l);
        } catch {
          throw new Error(`${file}: line ${i + 1} is not valid JSON`);
        }
      });
  }
  const data = JSON.parse(text) as unknown;
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object') {
    const arr = Object.values(data).find(Array.isArray);
    if (arr) return arr;
    return [data];
  }
  throw new Error(`${file}: expected an array of records`);
}

export function profileFile(file: string, options?: ProfileOptions): SourceProfile {
  return profileRecords(readRecords(file), options);
}

/** A target from a JSON Schema file, or from a CSV whose columns are the fields and rows example values. */
export function readTarget(file: string): JsonSchema {
  if (extname(file).toLowerCase() === '.csv') {
    const { header, rows } = readCsv(file);
    return targetFromExamples(header.map((h, i) => [h, rows.map((r) => r[i] ?? '')] as [string, unknown[]]));
  }
  const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonSchema;
  if (!schema || typeof schema !== 'object') throw new Error(`${file}: not a JSON Schema`);
  return schema;
}
