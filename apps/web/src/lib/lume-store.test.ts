import { describe, expect, it } from 'vitest';
import { lumeStore, setLumeStatus } from './lume-store.ts';

describe('lume slice (spec §3)', () => {
  it('starts in loading and becomes ready when set', () => {
    expect(lumeStore.get().status).toBe('loading');
    setLumeStatus('ready');
    expect(lumeStore.get().status).toBe('ready');
  });
});
