import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalBlobStore } from '../src/lib/blob-store.ts';
import { createFileWriter, writeJsonFieldsCsv } from '../src/modules/datasets/datasets.service.ts';
import { safeCell } from '../src/modules/pipelines/downloads.ts';
import { RESULT_COLUMNS } from '../src/modules/pipelines/result-columns.ts';

const dir = mkdtempSync(join(tmpdir(), 'mw-csv-export-'));
const ctx = { db: null as never, blobs: createLocalBlobStore(join(dir, 'blobs')), config: { DATA_DIR: dir } };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// keys a target schema may hold: spaces, quotes, and the characters JSON Pointer escapes
const FIELDS = [
  { header: 'name', path: ['name'] },
  { header: 'a/b', path: ['a/b'] },
  { header: 'c~d "q"', path: ['c~d "q"'] },
  { header: 'n.m', path: ['n', 'm'] },
];
const value = fc.oneof(
  fc.string(),
  fc.constantFrom('=1+1', '+33 1', '-5', '@x', '\tx', 'a,b', 'say "hi"', 'two\nlines', '', 'ünï 😀'),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const record = fc.record(
  { name: value, 'a/b': value, 'c~d "q"': value, n: fc.oneof(fc.record({ m: value }), fc.constant(null)) },
  { requiredKeys: [] },
);

async function exportCsv(records: Record<string, unknown>[], where?: string, fields = FIELDS) {
  const writer = await createFileWriter(ctx as never, RESULT_COLUMNS);
  for (let i = 0; i < records.length; i++) await writer.append([i, i % 2 === 0, records[i], 'success']);
  const file = await writer.finish();
  const ds = { files: file ? [file] : [], rowCount: records.length } as never;
  let text = '';
  const out = new Writable({
    write(chunk, _e, cb) {
      text += chunk;
      cb();
    },
  });
  await writeJsonFieldsCsv(ctx as never, ds, { column: 'mapped_record', fields, where }, out);
  return parse(text) as string[][];
}

const valueAt = (r: Record<string, unknown>, path: string[]) => {
  let v: unknown = r;
  for (const k of path) v = v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as never)[k] : null;
  return v;
};
/**
 * The cell the JavaScript writer gives (downloads.ts: safeCell, then csv-stringify), read back
 * as the value it stands for: DuckDB spells some numbers differently (1e21 for 1e+21).
 */
function meaning(cell: string, v: unknown) {
  if (typeof v === 'number') return Number(cell);
  if (v !== null && typeof v === 'object') return JSON.parse(cell);
  return cell;
}
function expected(r: Record<string, unknown>, path: string[]) {
  const v = valueAt(r, path);
  const cell = safeCell(v);
  return meaning(cell === null ? '' : String(cell), v);
}

describe('native CSV export of JSON fields', () => {
  it('gives the same cells as the JavaScript writer: text, numbers, JSON, formulas kept inert', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 30 }), async (records) => {
        const rows = await exportCsv(records);
        expect(rows[0]).toEqual(FIELDS.map((f) => f.header));
        const got = rows
          .slice(1)
          .map((row, i) => row.map((c, k) => meaning(c, valueAt(records[i]!, FIELDS[k]!.path))));
        expect(got).toEqual(records.map((r) => FIELDS.map((f) => expected(r, f.path))));
      }),
      { numRuns: 40 },
    );
  });

  it('filters on a column and keeps the header when nothing matches', async () => {
    const rows = await exportCsv([{ name: 'a' }, { name: 'b' }, { name: 'c' }], '"valid"');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['a', 'c']);
    expect(await exportCsv([{ name: 'a' }], 'NOT "valid"')).toEqual([FIELDS.map((f) => f.header)]);
  });

  it('makes header names inert like cells, with or without rows', async () => {
    const names = ['=HYPERLINK("x")', '@SUM(1)', '+cmd', '-x', '\tt', 'safe'];
    const fields = names.map((n) => ({ header: n, path: [n] }));
    const record = Object.fromEntries(names.map((n) => [n, 'v']));
    const inert = names.map((n) => (n === 'safe' ? n : `'${n}`));
    expect(await exportCsv([record], undefined, fields)).toEqual([inert, names.map(() => 'v')]);
    expect(await exportCsv([record], 'NOT "valid"', fields)).toEqual([inert]);
    expect(await exportCsv([], undefined, fields)).toEqual([inert]);
  });
});
