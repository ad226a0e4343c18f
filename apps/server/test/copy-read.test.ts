import { describe, expect, it } from 'vitest';
import {
  copyRecordOf,
  copyRowSplitter,
  countRows,
  lastLineOf,
  linesOf,
} from '../src/modules/connectors/postgres/copy-read.ts';
import { copyText } from '../src/modules/connectors/postgres/copy-text.ts';

/*
 * The COPY text reader: rows cut at newline bytes whatever the chunking (inside an escape, inside
 * a multi-byte character), escapes undone, NULL told from the text "\N", values typed per column.
 */

const columns = [
  { name: 'id', type: 'integer' },
  { name: 'big', type: 'bigint' },
  { name: 'txt', type: 'text' },
  { name: 'ok', type: 'boolean' },
  { name: 'doc', type: 'jsonb' },
  { name: 'at', type: 'timestamp with time zone' },
  { name: 'raw', type: 'bytea' },
];
// as PostgreSQL writes them: tab, newline, CR and backslash escaped; NULL as \N
const text =
  '1\t9007199254740993\ttab\\there\\nnew \\\\N é 😀\tt\t{"a": [1, "x\\\\ty"]}\t2024-06-30 21:59:59.5+00\t\\\\x00ff\n' +
  '2\t-5\t\\N\tf\t\\N\t2024-01-01 00:00:00+05:30\t\\N\n' +
  '3\t0\t\\\\N\t\\N\tnull\t1970-01-01 00:00:00+00\t\\\\x\n';

function readAll(chunks: Buffer[], cols: Array<{ name: string; type: string }> = columns) {
  const split = copyRowSplitter();
  const recordOf = copyRecordOf(cols);
  const records: Record<string, unknown>[] = [];
  let rows = 0;
  let last = '';
  for (const c of chunks) {
    const whole = split.push(c);
    if (!whole) continue;
    rows += countRows(whole);
    records.push(...linesOf(whole).map(recordOf));
    last = lastLineOf(whole);
  }
  split.end();
  return { records, rows, last };
}

describe('COPY text reader', () => {
  const bytes = Buffer.from(text);
  const expected = [
    {
      id: 1,
      big: '9007199254740993',
      txt: 'tab\there\nnew \\N é 😀',
      ok: true,
      doc: { a: [1, 'x\ty'] },
      at: '2024-06-30T21:59:59.5+00:00',
      raw: Buffer.from([0, 255]).toString('base64'),
    },
    { id: 2, big: -5, txt: null, ok: false, doc: null, at: '2024-01-01T00:00:00+05:30', raw: null },
    { id: 3, big: 0, txt: '\\N', ok: null, doc: null, at: '1970-01-01T00:00:00+00:00', raw: '' },
  ];

  it('reads rows whole, however the bytes are chunked', () => {
    for (const size of [1, 2, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const { records, rows, last } = readAll(chunks);
      expect(records, `chunks of ${size}`).toEqual(expected);
      expect(rows).toBe(3);
      expect(last.startsWith('3\t')).toBe(true);
    }
  });

  it('refuses a stream that ends inside a row', () => {
    expect(() => readAll([bytes.subarray(0, bytes.length - 3)])).toThrow(/inside a row/);
  });

  it('text written by copy-text.ts reads back the same', () => {
    const recs = [{ txt: 'a\tb\nc\rd\\e \\N' }, { txt: null }, { txt: '\\N' }];
    const back = readAll(
      [Buffer.from(copyText(recs, [{ name: 'txt', kind: 'text' }]))],
      [{ name: 'txt', type: 'text' }],
    );
    expect(back.records).toEqual(recs);
  });
});
