import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { XLSX_LIMITS } from '../src/modules/imports/parsers/excel.ts';
import {
  formatOf,
  type ImportFormat,
  type ParsedItem,
  parseFile,
  UnreadableFileError,
} from '../src/modules/imports/parsers/index.ts';

async function run(format: ImportFormat, content: string | Buffer, opts = {}) {
  const buf = typeof content === 'string' ? Buffer.from(content) : content;
  let bytes = 0;
  const { detected, items } = await parseFile(
    format,
    async () => Readable.from([buf]),
    opts,
    (n) => {
      bytes += n;
    },
  );
  const out: ParsedItem[] = [];
  for await (const item of items) out.push(item);
  return {
    detected,
    records: out.filter((i) => i.kind === 'record').map((i) => i.record),
    problems: out.filter((i) => i.kind === 'problem'),
    bytes,
  };
}

describe('CSV', () => {
  it('detects the header, keeps quoted delimiters, turns empty cells into null, and counts bytes', async () => {
    const csv = 'id,name,amount\n1,"Doe, Jane",10.50\n2,Grace,\n';
    const r = await run('csv', csv);
    expect(r.detected).toMatchObject({ delimiter: ',', header: true, encoding: 'utf-8' });
    expect(r.records).toEqual([
      { id: '1', name: 'Doe, Jane', amount: '10.50' },
      { id: '2', name: 'Grace', amount: null },
    ]);
    expect(r.bytes).toBe(csv.length);
  });

  it('detects semicolons and headerless files', async () => {
    const r = await run('csv', '1;2024-01-03;9,5\n2;2024-01-04;7,25\n');
    expect(r.detected).toMatchObject({ delimiter: ';', header: false });
    expect(r.records[0]).toEqual({ column_1: '1', column_2: '2024-01-03', column_3: '9,5' });
  });

  it('lists ragged rows and broken quotes with their line numbers and goes on', async () => {
    const r = await run('csv', 'a,b\n1,2\n3,4,5\n6,"7\n8,9\n');
    expect(r.records[0]).toEqual({ a: '1', b: '2' });
    // the parser reads ahead, so problems arrive in any order
    expect(r.problems).toContainEqual({
      kind: 'problem',
      line: 3,
      reason: 'expected 2 fields, found 3',
      raw: '3,4,5',
    });
    expect(r.problems.length + r.records.length).toBeGreaterThanOrEqual(3);
    expect(r.problems.some((p) => p.kind === 'problem' && /quote/i.test(p.reason))).toBe(true);
  });

  it('reads Windows-1252 and UTF-16 files', async () => {
    const latin = await run('csv', iconv.encode('name,city\nRenée,Zürich\n', 'windows-1252'));
    expect(latin.detected.encoding).toBe('windows-1252');
    expect(latin.records).toEqual([{ name: 'Renée', city: 'Zürich' }]);
    const utf16 = await run(
      'csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode('name,city\nAda,Łódź\n', 'utf-16le')]),
    );
    expect(utf16.records).toEqual([{ name: 'Ada', city: 'Łódź' }]);
  });

  it('keeps a __proto__ column as data', async () => {
    const r = await run('csv', '__proto__,b\nx,y\n');
    expect(Object.keys(r.records[0]!)).toEqual(['__proto__', 'b']);
    expect(Object.getPrototypeOf(r.records[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).b).toBeUndefined();
  });

  it('refuses empty and binary files with a clear message', async () => {
    await expect(run('csv', '')).rejects.toThrow('The file has no rows');
    await expect(run('csv', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2]))).rejects.toBeInstanceOf(
      UnreadableFileError,
    );
  });
});

describe('JSON and JSONL', () => {
  it('streams the elements of an array, and reads a single object as one record', async () => {
    expect((await run('json', '[{"a":1},{"a":2,"b":{"c":[1,2]}}]')).records).toEqual([
      { a: 1 },
      { a: 2, b: { c: [1, 2] } },
    ]);
    expect((await run('json', ' {"only": true}')).records).toEqual([{ only: true }]);
  });

  it('reports non-objects and too-deep records as problems and refuses malformed documents', async () => {
    const deep = `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`;
    const r = await run('json', `[1, ${deep}, {"ok": 1}]`);
    expect(r.records).toEqual([{ ok: 1 }]);
    expect(r.problems.map((p) => p.kind === 'problem' && p.reason)).toEqual([
      'expected an object, found number',
      'nested deeper than 64 levels',
    ]);
    await expect(run('json', '[{"a":1},')).rejects.toThrow(/malformed/);
    await expect(run('json', '"just a string"')).rejects.toThrow(/array of objects/);
  });

  it('keeps __proto__ keys as data', async () => {
    const r = await run('json', '[{"__proto__": {"polluted": 1}}]');
    expect(Object.keys(r.records[0]!)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('JSONL: a bad line is a problem with its number; the others are records', async () => {
    const r = await run('jsonl', '{"a":1}\n\n{oops}\n{"a":3}\n');
    expect(r.records).toEqual([{ a: 1 }, { a: 3 }]);
    expect(r.problems).toEqual([
      expect.objectContaining({ line: 3, reason: expect.stringContaining('invalid JSON') }),
    ]);
  });
});

describe('Excel', () => {
  async function workbook(fill: (wb: ExcelJS.Workbook) => void) {
    const wb = new ExcelJS.Workbook();
    fill(wb);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }

  it('reads the first sheet or a chosen one, with dates, formulas and the header', async () => {
    const buf = await workbook((wb) => {
      const s1 = wb.addWorksheet('People');
      s1.addRow(['name', 'born', 'score']);
      s1.addRow(['Ada', new Date(Date.UTC(1815, 11, 10)), 3]);
      s1.addRow(['Grace', new Date(Date.UTC(1906, 11, 9)), { formula: 'C2*2', result: 6 }]);
      wb.addWorksheet('Other').addRow(['x']);
    });
    const r = await run('xlsx', buf);
    expect(r.detected).toMatchObject({ format: 'xlsx', sheet: 'People', header: true });
    expect(r.records).toEqual([
      { name: 'Ada', born: '1815-12-10', score: 3 },
      { name: 'Grace', born: '1906-12-09', score: 6 },
    ]);
    const other = await run('xlsx', buf, { sheet: 'Other', header: false });
    expect(other.records).toEqual([{ column_1: 'x' }]);
    await expect(run('xlsx', buf, { sheet: 'Missing' })).rejects.toThrow('no sheet named "Missing"');
  });

  it('refuses a file that is not a zip, and a workbook that would inflate past the limit', async () => {
    await expect(run('xlsx', 'not a zip at all')).rejects.toThrow(/not a valid \.xlsx/);
    const buf = await workbook((wb) => {
      const s = wb.addWorksheet('Big');
      for (let i = 0; i < 2000; i++) s.addRow(['same text over and over', i]);
    });
    const saved = XLSX_LIMITS.maxUncompressedBytes;
    XLSX_LIMITS.maxUncompressedBytes = 10_000;
    try {
      await expect(run('xlsx', buf)).rejects.toThrow(/zip bomb/);
    } finally {
      XLSX_LIMITS.maxUncompressedBytes = saved;
    }
  });
});

it('knows formats by extension', () => {
  expect(['a.CSV', 'b.tsv', 'c.xlsx', 'd.json', 'e.ndjson', 'f.bin'].map((f) => formatOf(f))).toEqual([
    'csv',
    'tsv',
    'xlsx',
    'json',
    'jsonl',
    undefined,
  ]);
});
