import { useSyncExternalStore } from 'react';

/** A minimal external store: the few client-side UI slices do not justify a state library. */
export interface TStore<S> {
  get(): S;
  set(next: S | ((prev: S) => S)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<S>(initial: S): TStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      state = typeof next === 'function' ? (next as (prev: S) => S)(state) : next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<S>(store: TStore<S>): S {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
