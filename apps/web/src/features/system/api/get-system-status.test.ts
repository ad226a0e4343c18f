import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../../test/render.tsx';
import { getSystemStatus, latestVersionOf } from './get-system-status.ts';

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

describe('getSystemStatus from configured URLs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads the listing, then the status of its first version', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push(url);
      const body = url.includes('listing')
        ? [{ sha: 'abc123' }, { sha: 'old' }]
        : { type: 'info', message: 'upgrade' };
      return new Response(JSON.stringify(body), { status: 200 });
    });
    await expect(
      getSystemStatus({
        listingUrl: 'https://status.example.com/listing',
        statusUrl: 'https://raw.example.com/{version}/status.json',
      }),
    ).resolves.toEqual({ type: 'info', message: 'upgrade' });
    expect(calls).toEqual([
      'https://status.example.com/listing',
      'https://raw.example.com/abc123/status.json',
    ]);
  });

  it('names the latest version whatever the listing shape', () => {
    expect(latestVersionOf({ items: [{ version: 'v9' }] })).toBe('v9');
    expect(latestVersionOf([{ name: 'v1' }])).toBe('v1');
    expect(latestVersionOf([])).toBeNull();
  });
});
