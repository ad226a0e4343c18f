import { beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_USAGE, toggleJobCreated, togglePipelineCreated, usageStore } from './usage-store.ts';

describe('usage triggers (spec §3/§4)', () => {
  beforeEach(() => usageStore.set(INITIAL_USAGE));

  it('start false and each flips only through its own action', () => {
    expect(usageStore.get()).toEqual({ pipelineCreatedTrigger: false, jobCreatedTrigger: false });
    togglePipelineCreated();
    expect(usageStore.get()).toEqual({ pipelineCreatedTrigger: true, jobCreatedTrigger: false });
    toggleJobCreated();
    toggleJobCreated();
    togglePipelineCreated();
    expect(usageStore.get()).toEqual({ pipelineCreatedTrigger: false, jobCreatedTrigger: false });
    toggleJobCreated();
    expect(usageStore.get().jobCreatedTrigger).toBe(true);
  });
});
