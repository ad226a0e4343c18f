import { useDebouncedValue } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLatestResults } from '../api/latest-results.ts';
import { usePipelines } from '../api/pipelines.ts';
import {
  selectPipelinesList,
  setPipelinesPage,
  usePipelinesListInputs,
} from '../stores/pipelines-list-store.ts';

/** The spec §3 pipelines slice for a page of `size`, plus the queries behind it. */
export function usePipelinesList(size: number) {
  const inputs = usePipelinesListInputs();
  // typing updates the store at once (page back to 1); the request waits for a pause
  const [name] = useDebouncedValue(inputs.nameFilter, 250);
  const [id] = useDebouncedValue(inputs.idFilter, 250);
  const query = usePipelines({ page: inputs.page, size, name, id, status: inputs.statusFilter });
  const ids = query.data?.items.map((p) => p.id) ?? [];
  const latest = useLatestResults(ids);
  const state = selectPipelinesList(
    inputs,
    query.data,
    latest.map((l) => l.data),
    query.error,
  );
  const pages = query.data?.pages ?? 0;
  // a page past the end (after deletes, or a denser view) shows the last one instead of nothing
  useEffect(() => {
    if (pages > 0 && inputs.page > pages) setPipelinesPage(pages);
  }, [pages, inputs.page]);
  return {
    state,
    query,
    pages,
    filtered: Boolean(inputs.nameFilter.trim() || inputs.idFilter.trim() || inputs.statusFilter),
    latestOf: (pipelineId: string) => latest[ids.indexOf(pipelineId)],
  };
}
export type TPipelinesListView = ReturnType<typeof usePipelinesList>;
