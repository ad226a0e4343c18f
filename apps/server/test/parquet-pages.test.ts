import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parquetHeader } from 'hyparquet/src/column.js';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { lit, withDuckDb } from '../src/modules/datasets/duckdb.ts';
import { RowGroupBuilder } from '../src/modules/datasets/parquet-build.ts';
import {
  jsonArrayOf,
  plainTextColumn,
  readFooter,
  readTextChunk,
} from '../src/modules/datasets/parquet-pages.ts';
import { cellsOf, scratchCtx, writeGroups } from './row-groups.ts';

const s = scratchCtx();
afterAll(() => s.done());

/** A `records` file as DuckDB writes one: `line`, and each record's JSON text. */
async function duckFile(name: string, records: unknown[], options: string, nullAt?: number) {
  const path = join(s.dir, name);
  const json = join(s.dir, `${name}.jsonl`);
  writeFileSync(
    json,
    records
      .map((r, i) => JSON.stringify({ line: i + 1, record: i === nullAt ? null : JSON.stringify(r) }))
      .join('\n'),
  );
  await withDuckDb(s.dir, (c) =>
    c.run(`COPY (SELECT line::BIGINT AS line, record::VARCHAR AS record FROM read_json(${lit(json)}, columns = {line: 'BIGINT', record: 'VARCHAR'}) ORDER BY line)
           TO ${lit(path)} (FORMAT parquet, ${options})`),
  );
  return path;
}

const unique = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: i, name: `Zoë ${i} 😀`, tags: ['a', i] }));

describe('reading records straight from Parquet pages', () => {
  it('reads Snappy and uncompressed files, row group by row group, as JSON arrays of any slice', async () => {
    const records = unique(2500);
    for (const codec of ['snappy', 'uncompressed']) {
      const path = await duckFile(`${codec}.parquet`, records, `COMPRESSION ${codec}, ROW_GROUP_SIZE 1024`);
      const meta = readFooter(path);
      expect(plainTextColumn(meta, 'record')).toBe(true);
      const back: unknown[] = [];
      meta.row_groups.forEach((_, g) => {
        const chunk = readTextChunk(path, g, 'record');
        // uneven slices, an empty one, and the last record alone
        const cuts = [0, 1, 300, 300, chunk.count - 1, chunk.count];
        for (let k = 1; k < cuts.length; k++)
          back.push(...(JSON.parse(jsonArrayOf(chunk, cuts[k - 1]!, cuts[k]!)) as unknown[]));
      });
      expect(back).toEqual(records);
    }
  });

  it('reads version 2 data pages and pages split within a row group (as other writers write them)', async () => {
    const records = unique(3000);
    const path = join(s.dir, 'v2.parquet');
    // hyparquet-writer: DATA_PAGE_V2, PLAIN texts, Snappy, 16 KiB pages (so several per chunk)
    const file = parquetWriteBuffer({
      columnData: [
        { name: 'line', data: records.map((_, i) => BigInt(i + 1)), type: 'INT64', nullable: false },
        { name: 'record', data: records.map((r) => JSON.stringify(r)), type: 'STRING', encoding: 'PLAIN' },
      ],
      pageSize: 16_384,
    });
    writeFileSync(path, new Uint8Array(file));
    const meta = readFooter(path);
    expect(plainTextColumn(meta, 'record')).toBe(true);
    const back = meta.row_groups.flatMap((_, g) => {
      const chunk = readTextChunk(path, g, 'record');
      return JSON.parse(jsonArrayOf(chunk, 0, chunk.count)) as unknown[];
    });
    expect(back).toEqual(records);
    // DuckDB's own version 2 files store texts DELTA_LENGTH_BYTE_ARRAY: left to DuckDB
    const duck = await duckFile('duck-v2.parquet', unique(300), 'COMPRESSION snappy, PARQUET_VERSION V2');
    expect(plainTextColumn(readFooter(duck), 'record')).toBe(false);
  });

  it('leaves files it does not read plainly to DuckDB: zstd, dictionaries, nulls', async () => {
    expect(
      plainTextColumn(readFooter(await duckFile('zstd.parquet', unique(50), 'COMPRESSION zstd')), 'record'),
    ).toBe(false);
    const repeated = Array.from({ length: 3000 }, (_, i) => ({ kind: i % 3 }));
    expect(
      plainTextColumn(readFooter(await duckFile('dict.parquet', repeated, 'COMPRESSION snappy')), 'record'),
    ).toBe(false);
    expect(
      plainTextColumn(
        readFooter(await duckFile('nulls.parquet', unique(50), 'COMPRESSION snappy', 7)),
        'record',
      ),
    ).toBe(false);
    expect(
      plainTextColumn(readFooter(await duckFile('other.parquet', unique(5), 'COMPRESSION snappy')), 'nope'),
    ).toBe(false);
  });

  it('reports a truncated file as such', async () => {
    const path = await duckFile('whole.parquet', unique(100), 'COMPRESSION snappy');
    const cut = join(s.dir, 'cut.parquet');
    const bytes = readFileSync(path);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 10));
    expect(() => readFooter(cut)).toThrow(/no footer/);
    // a footer that claims more than the file holds
    const liar = Buffer.from(bytes);
    liar.writeUInt32LE(bytes.length, bytes.length - 8);
    writeFileSync(cut, liar);
    expect(() => readFooter(cut)).toThrow(/longer than the file/);
  });

  it('reports a Snappy page that does not inflate to its stated size, or is cut short, as corrupt', async () => {
    const path = await duckFile('pages.parquet', unique(100), 'COMPRESSION snappy');
    const bytes = readFileSync(path);
    const chunk = readFooter(path).row_groups[0]!.columns[1]!.meta_data!;
    const at = Number(chunk.data_page_offset);
    const reader = { view: new DataView(bytes.buffer, bytes.byteOffset + at), offset: 0 };
    const header = parquetHeader(reader);
    const body = at + reader.offset; // the page's Snappy stream: its uncompressed length first
    expect(header.compressed_page_size).toBeGreaterThan(16);
    const bad = join(s.dir, 'bad.parquet');
    const liar = Buffer.from(bytes);
    liar[body] = liar[body]! ^ 0x01; // the stream now says one byte more or less than the header
    writeFileSync(bad, liar);
    expect(() => readTextChunk(bad, 0, 'record')).toThrow(/does not inflate to its stated size/);
    // the stream's end replaced by literal tags that run past it: no eof, never fewer records
    const cut = Buffer.from(bytes);
    cut.fill(0xf0, body + header.compressed_page_size - 8, body + header.compressed_page_size);
    writeFileSync(bad, cut);
    expect(() => readTextChunk(bad, 0, 'record')).toThrow();
  });
});

describe('writing Parquet row groups without DuckDB', () => {
  const columns = [
    { name: 'n', type: 'BIGINT' as const },
    { name: 'ok', type: 'BOOLEAN' as const },
    { name: 'text', type: 'JSON' as const },
  ];

  it('writes files DuckDB reads back exactly, with statistics on numbers and booleans', async () => {
    const b = new RowGroupBuilder(columns);
    const big = 'x'.repeat(200_000); // past the builder's first buffer: it grows
    const groups = [];
    for (let g = 0; g < 3; g++) {
      const rows = g === 2 ? 3 : 1000;
      for (let i = 0; i < rows; i++) {
        const n = g * 1000 + i;
        b.int(0, g === 2 && i === 2 ? 2 ** 40 + 7 : n);
        b.bool(1, n % 3 !== 0);
        b.text(2, i === 500 ? big : i % 2 ? 'null' : `"é${n}"`);
      }
      groups.push(b.finish(rows));
    }
    const { path, file } = await writeGroups(s.ctx, columns, groups);
    expect(file?.rows).toBe(2003);
    // hashed as it was written, then moved into the store: the address is the content's
    expect(createHash('sha256').update(readFileSync(path!)).digest('hex')).toBe(file!.sha256);
    const cells = await cellsOf(s.dir, path!, columns);
    expect(cells).toHaveLength(2003);
    expect(cells[0]).toEqual(['0', 'false', '"é0"']);
    expect(cells[1]).toEqual(['1', 'true', 'null']);
    expect(cells[500]![2]).toBe(big);
    expect(cells[1500]).toEqual(['1500', 'false', big]);
    expect(cells[2002]).toEqual([String(2 ** 40 + 7), 'true', '"é2002"']);
    const stats = await withDuckDb(s.dir, async (c) =>
      (
        await c.runAndReadAll(
          `SELECT row_group_id, path_in_schema, stats_min_value, stats_max_value FROM parquet_metadata(${lit(path!)})
           WHERE path_in_schema IN ('n', 'ok') ORDER BY row_group_id, path_in_schema`,
        )
      ).getRows(),
    );
    expect(stats.map((r) => r.map(String))).toEqual([
      ['0', 'n', '0', '999'],
      ['0', 'ok', 'false', 'true'],
      ['1', 'n', '1000', '1999'],
      ['1', 'ok', 'false', 'true'],
      ['2', 'n', '2000', String(2 ** 40 + 7)],
      ['2', 'ok', 'false', 'true'],
    ]);
  });

  it('writes no file for no rows, and refuses a group whose columns disagree', async () => {
    expect((await writeGroups(s.ctx, columns, [])).file).toBeNull();
    const b = new RowGroupBuilder(columns);
    b.int(0, 1);
    b.text(2, '1');
    expect(() => b.finish(1)).toThrow(/column 1 has 0 of 1 values/);
  });
});
