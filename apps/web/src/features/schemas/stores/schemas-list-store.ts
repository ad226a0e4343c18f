import type { TTargetSchema } from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';
import { useTargetSchemas } from '../api/target-schemas.ts';

/** Spec §3 schemas state: the inputs kept here; the rest derives from the list query. */
export interface TSchemasListInputs {
  page: number;
  nameFilter: string;
  idFilter: string;
}
export interface TSchemasListState extends TSchemasListInputs {
  schemas: TTargetSchema[];
  /** how many schemas are on this page */
  results: number;
  /** how many schemas match the filters */
  schemaCount: number;
  errorMessage: string | null;
  isDataLoaded: boolean;
}

export const INITIAL_SCHEMAS_LIST: TSchemasListInputs = { page: 1, nameFilter: '', idFilter: '' };
export const schemasListStore = createStore<TSchemasListInputs>(INITIAL_SCHEMAS_LIST);

// A changed filter means a different result set: always back to its first page.
export const withNameFilter = (s: TSchemasListInputs, nameFilter: string): TSchemasListInputs => ({
  ...s,
  nameFilter,
  page: 1,
});
export const withIdFilter = (s: TSchemasListInputs, idFilter: string): TSchemasListInputs => ({
  ...s,
  idFilter,
  page: 1,
});
export const withPage = (s: TSchemasListInputs, page: number): TSchemasListInputs => ({
  ...s,
  page: Math.max(1, Math.floor(page)),
});

export const setNameFilter = (v: string) => schemasListStore.set((s) => withNameFilter(s, v));
export const setIdFilter = (v: string) => schemasListStore.set((s) => withIdFilter(s, v));
export const setSchemasPage = (p: number) => schemasListStore.set((s) => withPage(s, p));

/** The whole slice, with the server's answer for the current inputs. */
export function useSchemasList(debounced: { nameFilter: string; idFilter: string }) {
  const inputs = useStore(schemasListStore);
  const q = useTargetSchemas({ page: inputs.page, name: debounced.nameFilter, id: debounced.idFilter });
  const state: TSchemasListState = {
    ...inputs,
    schemas: q.data?.items ?? [],
    results: q.data?.items.length ?? 0,
    schemaCount: q.data?.total ?? 0,
    errorMessage: q.error?.message ?? null,
    isDataLoaded: q.isSuccess,
  };
  return { state, query: q, pages: q.data?.pages ?? 0 };
}
