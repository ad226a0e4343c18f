import { storage } from '../../lib/storage.ts';
import { createStore, useStore } from '../../lib/store.ts';

/** navBar slice: the persisted collapsed flag and the (unpersisted) mobile drawer state. */
export interface TNavState {
  isCollapsed: boolean;
  mobileOpened: boolean;
}
export const navStore = createStore<TNavState>({
  isCollapsed: storage.getNavbarCollapsed(),
  mobileOpened: false,
});
export const useNav = () => useStore(navStore);

export function toggleCollapsed() {
  const isCollapsed = !navStore.get().isCollapsed;
  storage.setNavbarCollapsed(isCollapsed);
  navStore.set((s) => ({ ...s, isCollapsed }));
}
export function setMobileOpened(mobileOpened: boolean) {
  navStore.set((s) => ({ ...s, mobileOpened }));
}
