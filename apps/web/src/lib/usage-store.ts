import { createStore, useStore } from './store.ts';

/**
 * Usage slice (spec §3/§4): two booleans, both false at start, each flipped by its own action.
 * Screens that create pipelines or jobs flip them; views that count or track them (the job
 * tracker, the dashboard) reload when they change. Shared here because several features do both.
 */
export interface TUsageState {
  pipelineCreatedTrigger: boolean;
  jobCreatedTrigger: boolean;
}
export const INITIAL_USAGE: TUsageState = { pipelineCreatedTrigger: false, jobCreatedTrigger: false };
export const usageStore = createStore<TUsageState>(INITIAL_USAGE);
export const useUsage = () => useStore(usageStore);

export const togglePipelineCreated = () =>
  usageStore.set((s) => ({ ...s, pipelineCreatedTrigger: !s.pipelineCreatedTrigger }));
export const toggleJobCreated = () =>
  usageStore.set((s) => ({ ...s, jobCreatedTrigger: !s.jobCreatedTrigger }));
