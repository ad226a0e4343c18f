import { describe, expect, it } from 'vitest';
import { copyText } from '../src/modules/connectors/postgres/copy-text.ts';

// PostgreSQL's COPY text format: https://www.postgresql.org/docs/current/sql-copy.html
describe('copyText (COPY … FROM STDIN, text format)', () => {
  const cols = [
    { name: 'id', kind: 'integer' as const },
    { name: 'note', kind: 'text' as const },
    { name: 'ok', kind: 'boolean' as const },
    { name: 'at', kind: 'datetime' as const },
    { name: 'doc', kind: 'json' as const },
  ];

  it('tab-separates columns, ends rows with a newline, writes NULL as \\N (a missing key too)', () => {
    expect(copyText([{ id: 1, note: 'a', ok: true, at: null, doc: { a: 1 } }, { id: 2 }], cols)).toBe(
      '1\ta\ttrue\t\\N\t{"a":1}\n2\t\\N\t\\N\t\\N\t\\N\n',
    );
  });

  it('escapes backslash, tab, newline and carriage return, so the text "\\N" stays text', () => {
    expect(copyText([{ id: 1, note: 'a\tb\nc\rd\\N' }], cols.slice(0, 2))).toBe('1\ta\\tb\\nc\\rd\\\\N\n');
  });

  it('writes dates as ISO 8601 and objects in a text column as their JSON', () => {
    const at = new Date('2024-05-01T10:00:00Z');
    expect(copyText([{ id: 1, note: { x: 'y' }, at }], [cols[0]!, cols[1]!, cols[3]!])).toBe(
      '1\t{"x":"y"}\t2024-05-01T10:00:00.000Z\n',
    );
  });
});
