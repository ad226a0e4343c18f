import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/render.tsx';
import { getSystemStatus } from './get-system-status.ts';

describe('getSystemStatus', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the latest history version, then that version’s status', async () => {
    const api = stubApi({
      '/system-status/history': {
        items: [
          { version: 'v2', created_at: 'b' },
          { version: 'v1', created_at: 'a' },
        ],
      },
      '/system-status/v2': { type: 'warning', message: 'slow' },
    });
    vi.stubGlobal('fetch', api.fetch);
    await expect(getSystemStatus()).resolves.toEqual({ type: 'warning', message: 'slow' });
    expect(api.calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/system-status/history',
      '/api/system-status/v2',
    ]);
  });

  it('is null without history', async () => {
    vi.stubGlobal('fetch', stubApi({ '/system-status/history': { items: [] } }).fetch);
    await expect(getSystemStatus()).resolves.toBeNull();
  });
});
