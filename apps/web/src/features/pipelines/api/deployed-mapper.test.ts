import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/render.tsx';
import { deployedMapperQueryOptions } from './deployed-mapper.ts';

describe('the deployed mapper query', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing of a pipeline never deployed (the API would answer 404)', async () => {
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetch);
    const client = createQueryClient();
    expect(await client.fetchQuery(deployedMapperQueryOptions('p1', null))).toBeNull();
    expect(api.calls).toEqual([]);
  });

  it('fetches the deployed version', async () => {
    const api = stubApi({ '/pipelines/p1/mapper': { version: 2, spec: {} } });
    vi.stubGlobal('fetch', api.fetch);
    const client = createQueryClient();
    expect(await client.fetchQuery(deployedMapperQueryOptions('p1', 2))).toEqual({ version: 2, spec: {} });
    expect(api.calls).toHaveLength(1);
  });
});
