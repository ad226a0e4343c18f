import { RECORD_FIELDS_SAMPLE } from '@mapwright/contracts';
import type { DatasetCtx } from './dataset-files.ts';
import type { DatasetRow } from './datasets.repository.ts';
import { readDatasetRecordsJson } from './datasets.service.ts';

/*
 * What a `records` dataset's columns are to its reader: the top-level keys of its records. The
 * stored columns (`line`, a JSON `record`) are how the rows are kept, not what they hold.
 */

/** Datasets remembered; their files are immutable, so an entry is right until the files change. */
const CACHE_SIZE = 2_000;
const cache = new Map<string, { name: string; type: string }[]>();

function typeOf(v: unknown) {
  if (Array.isArray(v)) return 'array';
  if (v === null) return 'null';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

/** The top-level keys of these records, in the order first seen, each typed by its first non-null value. */
export function fieldsOfRecords(records: readonly unknown[]) {
  const types = new Map<string, string>();
  for (const r of records) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) continue;
    for (const [k, v] of Object.entries(r)) {
      const t = types.get(k);
      if (t === undefined || (t === 'null' && v !== null)) types.set(k, typeOf(v));
    }
  }
  return [...types].map(([name, type]) => ({ name, type }));
}

/**
 * The fields of the first records, in the order they are first seen, each typed by its first
 * non-null value (JSON Schema's type names). Other layouts answer their stored columns.
 */
export async function recordFields(ctx: DatasetCtx, ds: DatasetRow) {
  if (ds.layout !== 'records') return ds.columns.map((c) => ({ name: c.name, type: c.type }));
  // RECORD_FIELDS_SAMPLE records from the start: a small read of the first row group. The
  // sample lies in the first files; they are content-addressed, so their hashes are its key
  const covering: string[] = [];
  for (let rows = 0; rows < RECORD_FIELDS_SAMPLE && covering.length < ds.files.length; ) {
    const f = ds.files[covering.length]!;
    covering.push(f.sha256);
    rows += f.rows;
  }
  const key = covering.join(',');
  if (!key) return [];
  const known = cache.get(key);
  if (known) return known;
  const records = JSON.parse(await readDatasetRecordsJson(ctx, ds, 0, RECORD_FIELDS_SAMPLE)) as unknown[];
  const fields = fieldsOfRecords(records);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, fields);
  return fields;
}
