import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { lit, withDuckDb } from '../src/modules/datasets/duckdb.ts';
import { formatOf, listSheets, parseFile } from '../src/modules/imports/parsers/index.ts';

async function parquetOf(select: string) {
  const path = join(tmpdir(), `mw-test-${randomUUID()}.parquet`);
  try {
    await withDuckDb(undefined, (c) => c.run(`COPY (${select}) TO ${lit(path)} (FORMAT parquet)`));
    return await readFile(path);
  } finally {
    await rm(path, { force: true });
  }
}

async function records(buf: Buffer) {
  const { items } = await parseFile(
    'parquet',
    async () => Readable.from([buf]),
    {},
    () => {},
  );
  const out = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('Parquet', () => {
  it('is told by its extension', () => {
    expect(formatOf('events.parquet')).toBe('parquet');
  });

  it('gives every value a JSON form: exact numbers, text for what a number cannot hold, nested as JSON', async () => {
    const buf = await parquetOf(
      `SELECT 7 AS file_row_number, 'NaN'::DOUBLE AS ratio, TIMESTAMPTZ '2024-01-02 03:04:05+02' AS at,
              TIMESTAMP '2024-01-02 03:04:05' AS local, '\\xAA'::BLOB AS bytes, 12.25::DECIMAL(20,2) AS small,
              123456789012345678.12::DECIMAL(20,2) AS wide, 9007199254740993::BIGINT AS big,
              MAP {'k': 1} AS m, [{'a': 1}] AS list_of_structs`,
    );
    expect(await records(buf)).toEqual([
      {
        kind: 'record',
        line: 1,
        record: {
          // a column named like DuckDB's row number column is read too (paged by offset)
          file_row_number: 7,
          ratio: null,
          at: '2024-01-02T01:04:05Z',
          local: '2024-01-02T03:04:05',
          bytes: 'qg==',
          small: 12.25,
          wide: '123456789012345678.12',
          big: '9007199254740993',
          m: { k: 1 },
          list_of_structs: [{ a: 1 }],
        },
      },
    ]);
  });
});

describe('workbook sheets', () => {
  it('lists sheets in workbook order with the rows each spans; a file that is not a zip is refused', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('One').addRow(['a']);
    const two = wb.addWorksheet('Two <&> "quoted"');
    for (let i = 0; i < 50; i++) two.addRow([i, i * 2]);
    wb.addWorksheet('Empty');
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const sheets = await listSheets(async () => Readable.from([buf]));
    expect(sheets.slice(0, 2)).toEqual([
      { name: 'One', rows: 1 },
      { name: 'Two <&> "quoted"', rows: 50 },
    ]);
    expect(sheets[2]?.name).toBe('Empty');
    await expect(listSheets(async () => Readable.from([Buffer.from('a,b\n1,2\n')]))).rejects.toThrow(
      'This is not a valid .xlsx file (it is not a zip archive)',
    );
  });
});
