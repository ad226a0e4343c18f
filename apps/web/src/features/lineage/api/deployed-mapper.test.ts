import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { stubApi } from '../../../test/render.tsx';
import { deployedMapperQueryOptions } from './deployed-mapper.ts';

describe("lineage's deployed mapper query", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing of a pipeline never deployed (the API would answer 404)', async () => {
    const api = stubApi({});
    vi.stubGlobal('fetch', api.fetch);
    expect(await createQueryClient().fetchQuery(deployedMapperQueryOptions('p1', null))).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
