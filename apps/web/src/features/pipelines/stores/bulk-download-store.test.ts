import { beforeEach, describe, expect, it } from 'vitest';
import {
  bulk,
  bulkDownloadStore,
  MAX_BULK_PIPELINES,
  resetBulkDownload,
  withDownloadFailed,
} from './bulk-download-store.ts';

const p = (id: string) => ({ id, name: `Pipeline ${id}` });
const state = () => bulkDownloadStore.get();

describe('bulk download slice (spec §3)', () => {
  beforeEach(() => resetBulkDownload());

  it('keeps the selection across pages and filters', () => {
    bulk.toggle(p('a'));
    bulk.setPage(2);
    bulk.select([p('b'), p('c')]);
    bulk.setNameFilter('zzz');
    expect(state().page).toBe(1);
    expect(state().selectedPipelineIds).toEqual(['a', 'b', 'c']);
    bulk.setPage(3);
    bulk.toggle(p('b'));
    expect(state().selectedPipelineIds).toEqual(['a', 'c']);
    expect(state().names).toMatchObject({ a: 'Pipeline a', c: 'Pipeline c' });
  });

  it('does not select one pipeline twice, deselects a page and clears', () => {
    bulk.select([p('a'), p('b')]);
    bulk.select([p('b'), p('c')]);
    expect(state().selectedPipelineIds).toEqual(['a', 'b', 'c']);
    bulk.deselect(['a', 'c']);
    expect(state().selectedPipelineIds).toEqual(['b']);
    bulk.clear();
    expect(state().selectedPipelineIds).toEqual([]);
  });

  it('caps the selection at what one zip may hold', () => {
    bulk.select(Array.from({ length: MAX_BULK_PIPELINES + 20 }, (_, i) => p(String(i))));
    expect(state().selectedPipelineIds).toHaveLength(MAX_BULK_PIPELINES);
  });

  it('records which pipelines were exported and why the others were not', () => {
    bulk.select([p('a'), p('b'), p('c')]);
    bulk.started();
    expect(state()).toMatchObject({ isDownloading: true, successPipelineIds: [], errorPipelineIds: [] });
    bulk.reported({ succeeded: ['a', 'c'], failed: [{ id: 'b', reason: 'no finished run yet' }] });
    expect(state()).toMatchObject({
      isDownloading: false,
      successPipelineIds: ['a', 'c'],
      errorPipelineIds: ['b'],
      errorReasons: { b: 'no finished run yet' },
    });
    // a changed selection makes the old outcome stale
    bulk.toggle(p('d'));
    expect(state()).toMatchObject({ successPipelineIds: [], errorPipelineIds: [], errorReasons: {} });
  });

  it('marks every selected pipeline as failed when the request fails', () => {
    bulk.select([p('a'), p('b')]);
    bulk.started();
    bulk.failed('Server unreachable');
    expect(state()).toMatchObject({
      isDownloading: false,
      errorPipelineIds: ['a', 'b'],
      errorReasons: { a: 'Server unreachable', b: 'Server unreachable' },
    });
    expect(withDownloadFailed(state(), 'x').successPipelineIds).toEqual([]);
  });
});
