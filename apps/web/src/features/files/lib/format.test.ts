import { describe, expect, it } from 'vitest';
import { fileKind } from './format.ts';

describe('fileKind', () => {
  it('names the formats an import reads, Parquet included', () => {
    expect(fileKind('text/csv', 'a.csv')).toBe('CSV');
    expect(fileKind('application/octet-stream', 'orders.xlsx')).toBe('Excel');
    expect(fileKind('application/octet-stream', 'events.parquet')).toBe('Parquet');
    expect(fileKind('application/octet-stream', 'notes.txt')).toBe('TXT');
  });
});
