import { describe, expect, it } from 'vitest';
import { parseBulkReport } from './bulk-report.ts';
import { filenameOf } from './download.ts';

describe('the bulk download report header', () => {
  it('reads the URI-encoded JSON the server sends', () => {
    const report = { succeeded: ['a'], failed: [{ id: 'b', reason: 'no finished run yet' }] };
    expect(parseBulkReport(encodeURIComponent(JSON.stringify(report)))).toEqual(report);
  });

  it('yields null for a missing or garbled header instead of throwing', () => {
    expect(parseBulkReport(null)).toBeNull();
    expect(parseBulkReport('%E0%A4%A')).toBeNull();
    expect(parseBulkReport(encodeURIComponent('{"succeeded": 1}'))).toBeNull();
  });

  it('names the download after Content-Disposition', () => {
    expect(filenameOf('attachment; filename="pipelines.zip"', 'x.zip')).toBe('pipelines.zip');
    expect(filenameOf(null, 'x.zip')).toBe('x.zip');
  });
});
