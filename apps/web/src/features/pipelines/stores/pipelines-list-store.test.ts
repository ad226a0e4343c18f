import type { TPipeline, TResult } from '@mapwright/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage.ts';
import { CONFIDENCE_COOLDOWN_MS, cooldownOf } from '../lib/cooldown.ts';
import {
  clearPipelineFilters,
  confidenceCooldown,
  pipelinesListStore,
  resetPipelinesList,
  selectPipelinesList,
  setIdFilter,
  setNameFilter,
  setPipelinesPage,
  setStatusFilter,
  triggerConfidenceGeneration,
} from './pipelines-list-store.ts';

const pipeline = (id: string) => ({ id, name: `P ${id}` }) as TPipeline;
const result = (id: string) => ({ id, status: 'finished' }) as TResult;

describe('pipelines list slice (spec §3)', () => {
  beforeEach(() => resetPipelinesList());

  it('starts on page 1 with no filters', () => {
    expect(pipelinesListStore.get()).toEqual({
      page: 1,
      nameFilter: '',
      idFilter: '',
      statusFilter: '',
      lastTriggeredConfidenceGeneration: null,
    });
  });

  it('goes back to page 1 whenever a filter changes, and keeps the other filters', () => {
    setPipelinesPage(4);
    setNameFilter('orders');
    expect(pipelinesListStore.get()).toMatchObject({ page: 1, nameFilter: 'orders' });
    setPipelinesPage(3);
    setIdFilter('ab12');
    expect(pipelinesListStore.get()).toMatchObject({ page: 1, nameFilter: 'orders', idFilter: 'ab12' });
    setPipelinesPage(2);
    setStatusFilter('deployed');
    expect(pipelinesListStore.get()).toMatchObject({ page: 1, idFilter: 'ab12', statusFilter: 'deployed' });
    setPipelinesPage(2);
    clearPipelineFilters();
    expect(pipelinesListStore.get()).toMatchObject({
      page: 1,
      nameFilter: '',
      idFilter: '',
      statusFilter: '',
    });
  });

  it('keeps the page a whole number of at least 1', () => {
    setPipelinesPage(0);
    expect(pipelinesListStore.get().page).toBe(1);
    setPipelinesPage(2.7);
    expect(pipelinesListStore.get().page).toBe(2);
  });

  it('composes pipelines, results, count, error and loaded flag from the queries', () => {
    const inputs = pipelinesListStore.get();
    expect(selectPipelinesList(inputs, undefined, [], null)).toMatchObject({
      pipelines: [],
      results: [],
      pipelineCount: 0,
      errorMessage: null,
      isDataLoaded: false,
    });
    const state = selectPipelinesList(
      inputs,
      { items: [pipeline('a'), pipeline('b')], total: 27 },
      [result('r1'), null, undefined],
      new Error('Network down'),
    );
    expect(state).toMatchObject({ pipelineCount: 27, errorMessage: 'Network down', isDataLoaded: true });
    expect(state.pipelines.map((p) => p.id)).toEqual(['a', 'b']);
    expect(state.results.map((r) => r.id)).toEqual(['r1']);
  });
});

describe('generate confidence cool-down', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    resetPipelinesList();
  });
  afterEach(() => vi.useRealTimers());

  it('runs once, then refuses until the cool-down has passed', () => {
    expect(confidenceCooldown().ready).toBe(true);
    expect(triggerConfidenceGeneration()).toBe(true);
    const first = Date.now();
    expect(pipelinesListStore.get().lastTriggeredConfidenceGeneration).toBe(first);
    expect(storage.getLastTriggeredConfidenceGeneration()).toBe(first);

    vi.advanceTimersByTime(60_000);
    expect(triggerConfidenceGeneration()).toBe(false);
    expect(confidenceCooldown()).toEqual({
      ready: false,
      readyAt: first + CONFIDENCE_COOLDOWN_MS,
      remainingMs: CONFIDENCE_COOLDOWN_MS - 60_000,
    });
    // a refused trigger does not restart the wait
    expect(pipelinesListStore.get().lastTriggeredConfidenceGeneration).toBe(first);

    vi.advanceTimersByTime(CONFIDENCE_COOLDOWN_MS - 60_000 - 1);
    expect(triggerConfidenceGeneration()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(triggerConfidenceGeneration()).toBe(true);
    expect(storage.getLastTriggeredConfidenceGeneration()).toBe(Date.now());
  });

  it('survives a reload: the moment is read back from localStorage', () => {
    triggerConfidenceGeneration();
    resetPipelinesList();
    expect(pipelinesListStore.get().lastTriggeredConfidenceGeneration).toBe(Date.now());
    expect(triggerConfidenceGeneration()).toBe(false);
  });

  it("counts another tab's trigger written to storage", () => {
    storage.setLastTriggeredConfidenceGeneration(Date.now() - 1000);
    expect(confidenceCooldown().ready).toBe(false);
    expect(triggerConfidenceGeneration()).toBe(false);
  });

  it('does not let a timestamp from the future block for good', () => {
    expect(cooldownOf(Date.now() + 10 * CONFIDENCE_COOLDOWN_MS, Date.now()).ready).toBe(true);
    expect(cooldownOf(null, Date.now())).toEqual({ ready: true, readyAt: null, remainingMs: 0 });
  });
});
