import type { TPipeline, TResult } from '@mapwright/contracts';
import { storage } from '../../../lib/storage.ts';
import { createStore, useStore } from '../../../lib/store.ts';
import { cooldownOf, type TCooldown } from '../lib/cooldown.ts';
import type { TPipelineStatusFilter } from '../lib/status.ts';

/** The client-held part of the spec §3 pipelines slice: what the user chose and when. */
export interface TPipelinesListInputs {
  page: number;
  nameFilter: string;
  idFilter: string;
  statusFilter: TPipelineStatusFilter;
  /** epoch ms of the last "generate confidence"; mirrored in localStorage */
  lastTriggeredConfidenceGeneration: number | null;
}
/** The whole spec §3 pipelines slice: the inputs plus the server's answer for them. */
export interface TPipelinesListState extends TPipelinesListInputs {
  pipelines: TPipeline[];
  /** the latest result of each listed pipeline (pipelines never run have none) */
  results: TResult[];
  /** how many pipelines match the filters, over every page */
  pipelineCount: number;
  errorMessage: string | null;
  isDataLoaded: boolean;
}

const initialInputs = (): TPipelinesListInputs => ({
  page: 1,
  nameFilter: '',
  idFilter: '',
  statusFilter: '',
  lastTriggeredConfidenceGeneration: storage.getLastTriggeredConfidenceGeneration(),
});
export const pipelinesListStore = createStore<TPipelinesListInputs>(initialInputs());
/** Back to the start (tests, sign-out); the cool-down survives because it lives in storage. */
export const resetPipelinesList = () => pipelinesListStore.set(initialInputs());

// A changed filter is a different result set: always back to its first page.
export const withNameFilter = (s: TPipelinesListInputs, nameFilter: string): TPipelinesListInputs => ({
  ...s,
  nameFilter,
  page: 1,
});
export const withIdFilter = (s: TPipelinesListInputs, idFilter: string): TPipelinesListInputs => ({
  ...s,
  idFilter,
  page: 1,
});
export const withStatusFilter = (
  s: TPipelinesListInputs,
  statusFilter: TPipelineStatusFilter,
): TPipelinesListInputs => ({ ...s, statusFilter, page: 1 });
export const withPage = (s: TPipelinesListInputs, page: number): TPipelinesListInputs => ({
  ...s,
  page: Math.max(1, Math.floor(page) || 1),
});

export const setNameFilter = (v: string) => pipelinesListStore.set((s) => withNameFilter(s, v));
export const setIdFilter = (v: string) => pipelinesListStore.set((s) => withIdFilter(s, v));
export const setStatusFilter = (v: TPipelineStatusFilter) =>
  pipelinesListStore.set((s) => withStatusFilter(s, v));
export const setPipelinesPage = (p: number) => pipelinesListStore.set((s) => withPage(s, p));
export const clearPipelineFilters = () =>
  pipelinesListStore.set((s) => ({ ...s, nameFilter: '', idFilter: '', statusFilter: '', page: 1 }));

/** The cool-down as of `now`; another tab's trigger (in storage) counts too. */
export function confidenceCooldown(now = Date.now()): TCooldown {
  const stored = storage.getLastTriggeredConfidenceGeneration();
  const mine = pipelinesListStore.get().lastTriggeredConfidenceGeneration;
  const last = stored === null ? mine : mine === null ? stored : Math.max(stored, mine);
  return cooldownOf(last, now);
}

/**
 * Claims a confidence generation: records the moment (store and localStorage) and returns true,
 * or returns false without changing anything while the cool-down runs.
 */
export function triggerConfidenceGeneration(now = Date.now()): boolean {
  if (!confidenceCooldown(now).ready) return false;
  storage.setLastTriggeredConfidenceGeneration(now);
  pipelinesListStore.set((s) => ({ ...s, lastTriggeredConfidenceGeneration: now }));
  return true;
}

/** Composes the slice from the inputs and the list and latest-results queries. */
export function selectPipelinesList(
  inputs: TPipelinesListInputs,
  list: { items: TPipeline[]; total: number } | undefined,
  latest: (TResult | null | undefined)[],
  error: Error | null,
): TPipelinesListState {
  return {
    ...inputs,
    pipelines: list?.items ?? [],
    results: latest.filter((r): r is TResult => Boolean(r)),
    pipelineCount: list?.total ?? 0,
    errorMessage: error?.message ?? null,
    isDataLoaded: list !== undefined,
  };
}

export const usePipelinesListInputs = () => useStore(pipelinesListStore);
