import { createStore, useStore } from '../../lib/store.ts';

/** The financial-analysis demo slice (spec §3/§4): the step number starts at 1, set by an action. */
export const financeDemoStore = createStore<{ step: number }>({ step: 1 });
export const useDemoStep = () => useStore(financeDemoStore).step;
export const setDemoStep = (step: number) => financeDemoStore.set({ step });
