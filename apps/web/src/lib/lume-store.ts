import { createStore, useStore } from './store.ts';

/**
 * The `lume` client slice of spec §3: it starts in loading and is ready once the signed-in
 * session and the public configuration are in (the shell sets it).
 */
export interface TLumeState {
  status: 'loading' | 'ready' | 'error';
}
export const INITIAL_LUME: TLumeState = { status: 'loading' };
export const lumeStore = createStore<TLumeState>(INITIAL_LUME);
export const useLume = () => useStore(lumeStore);
export const setLumeStatus = (status: TLumeState['status']) => lumeStore.set({ status });
