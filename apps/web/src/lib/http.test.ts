import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../test/render.tsx';
import { ApiError, createHttpClient } from './http.ts';

type TFetch = (url: string, init: RequestInit) => Promise<Response>;

function setup(fetchImpl: TFetch, token: string | null = 'tok') {
  const fetchMock = vi.fn(fetchImpl);
  const onUnauthorized = vi.fn();
  const client = createHttpClient({
    fetch: fetchMock as unknown as typeof fetch,
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
    baseUrl: () => 'http://app.test/api',
    token: () => token,
    onUnauthorized,
  });
  return { client, fetchMock, onUnauthorized };
}

/** A fetch that never answers until aborted, like a slow server. */
const hanging: TFetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

describe('http client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token and returns the parsed body', async () => {
    const { client, fetchMock } = setup(async () => jsonResponse({ ok: 1 }));
    await expect(client.get('/me', { query: { page: 2, size: undefined } })).resolves.toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://app.test/api/me?page=2');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends JSON bodies and form bodies', async () => {
    const { client, fetchMock } = setup(async () => new Response(null, { status: 204 }));
    await expect(client.post('/x', { a: 1 })).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![1].body).toBe('{"a":1}');
    await client.postForm('/auth/jwt/login', { username: 'u@x.io', password: 'p w', token: undefined });
    const form = fetchMock.mock.calls[1]![1].body as URLSearchParams;
    expect(form.toString()).toBe('username=u%40x.io&password=p+w');
  });

  it.each([408, 429, 502, 503, 504])(
    'retries a GET answered %i after 1 s, 2 s and 4 s, then fails',
    async (status) => {
      const { client, fetchMock } = setup(async () => jsonResponse({ detail: 'busy' }, status));
      const result = client.get('/roles').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(0);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(fetchMock).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(3999);
      expect(fetchMock).toHaveBeenCalledTimes(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchMock).toHaveBeenCalledTimes(4);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(4);
      const err = await result;
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).status).toBe(status);
    },
  );

  it('succeeds when a retry succeeds', async () => {
    let n = 0;
    const { client } = setup(async () => (n++ === 0 ? jsonResponse({}, 503) : jsonResponse({ items: [] })));
    const result = client.get('/roles');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toEqual({ items: [] });
  });

  it.each([400, 404, 409, 500, 501])('does not retry a GET answered %i', async (status) => {
    const { client, fetchMock } = setup(async () => jsonResponse({ detail: 'no' }, status));
    await expect(client.get('/x')).rejects.toMatchObject({ status, detail: 'no', message: 'no' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each(['post', 'put', 'patch', 'delete'] as const)('never retries a %s', async (method) => {
    const { client, fetchMock } = setup(async () => jsonResponse({ detail: 'busy' }, 503));
    await expect(client[method]('/x')).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes validation errors on with every message', async () => {
    const { client } = setup(async () =>
      jsonResponse(
        {
          detail: [
            { loc: ['body', 'a'], msg: 'a is bad', type: 'x' },
            { loc: [], msg: 'b too', type: 'y' },
          ],
        },
        422,
      ),
    );
    await expect(client.post('/x', {})).rejects.toMatchObject({ status: 422, message: 'a is bad, b too' });
  });

  it('resolves an earlier request to the same URL to undefined when a new one starts', async () => {
    let calls = 0;
    const { client } = setup((url, init) =>
      calls++ === 0 ? hanging(url, init) : Promise.resolve(jsonResponse({ n: 2 })),
    );
    const first = client.get('/users');
    const second = client.get('/users');
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toEqual({ n: 2 });
  });

  it('does not cancel requests to different URLs', async () => {
    const { client } = setup(async (url) => jsonResponse({ url }));
    const [a, b] = await Promise.all([client.get('/a'), client.get('/b')]);
    expect(a).toEqual({ url: 'http://app.test/api/a' });
    expect(b).toEqual({ url: 'http://app.test/api/b' });
  });

  it('cancels the earlier request of the same cancel group, even to another URL', async () => {
    let calls = 0;
    const { client } = setup((url, init) =>
      calls++ === 0 ? hanging(url, init) : Promise.resolve(jsonResponse({ q: 2 })),
    );
    const first = client.get('/search', { query: { q: 'a' }, cancelGroup: 'search' });
    const second = client.get('/search', { query: { q: 'ab' }, cancelGroup: 'search' });
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toEqual({ q: 2 });
  });

  it('cancels a GET waiting to retry', async () => {
    let calls = 0;
    const { client, fetchMock } = setup(async () =>
      calls++ === 0 ? jsonResponse({}, 503) : jsonResponse({ fresh: true }),
    );
    const first = client.get('/status');
    await vi.advanceTimersByTimeAsync(0);
    const second = client.get('/status');
    await expect(second).resolves.toEqual({ fresh: true });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(first).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('on 401 removes the token, goes to login and rejects as Unauthorized', async () => {
    localStorage.setItem('token', 'stale');
    const { client, onUnauthorized, fetchMock } = setup(async () =>
      jsonResponse({ detail: 'Unauthorized' }, 401),
    );
    await expect(client.get('/me')).rejects.toThrow(new Error('Unauthorized'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('passes network errors on', async () => {
    const { client } = setup(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.get('/x')).rejects.toThrow('Failed to fetch');
  });
});
