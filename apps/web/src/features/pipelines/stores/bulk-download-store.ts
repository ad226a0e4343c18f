import type { TPipeline } from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';

/** The API exports at most this many pipelines per zip. */
export const MAX_BULK_PIPELINES = 500;

/** The client-held part of the spec §3 bulk-download slice. */
export interface TBulkDownloadInputs {
  /** kept across pages and filters: what is ticked stays ticked */
  selectedPipelineIds: string[];
  page: number;
  nameFilter: string;
  /** outcome of the last download, per pipeline */
  errorPipelineIds: string[];
  successPipelineIds: string[];
  isDownloading: boolean;
  /** why each failed pipeline was not exported */
  errorReasons: Record<string, string>;
  /** names of selected pipelines, so the outcome can name ones on other pages */
  names: Record<string, string>;
}
/** The whole slice: allPipelines is the page of the organization's pipelines on screen. */
export interface TBulkDownloadState extends TBulkDownloadInputs {
  allPipelines: TPipeline[];
  totalPipelineCount: number;
}

export const INITIAL_BULK_DOWNLOAD: TBulkDownloadInputs = {
  selectedPipelineIds: [],
  page: 1,
  nameFilter: '',
  errorPipelineIds: [],
  successPipelineIds: [],
  isDownloading: false,
  errorReasons: {},
  names: {},
};
export const bulkDownloadStore = createStore<TBulkDownloadInputs>(INITIAL_BULK_DOWNLOAD);
export const resetBulkDownload = () => bulkDownloadStore.set(INITIAL_BULK_DOWNLOAD);

type TPick = Pick<TPipeline, 'id' | 'name'>;
const noOutcome = { errorPipelineIds: [], successPipelineIds: [], errorReasons: {} };

/** Adds pipelines to the selection (up to the cap), keeping order of first selection. */
export function withSelected(s: TBulkDownloadInputs, picks: TPick[]): TBulkDownloadInputs {
  const ids = new Set(s.selectedPipelineIds);
  const names = { ...s.names };
  for (const p of picks) {
    if (ids.size >= MAX_BULK_PIPELINES) break;
    ids.add(p.id);
    names[p.id] = p.name;
  }
  return { ...s, ...noOutcome, selectedPipelineIds: [...ids], names };
}
export function withDeselected(s: TBulkDownloadInputs, ids: string[]): TBulkDownloadInputs {
  const drop = new Set(ids);
  return { ...s, ...noOutcome, selectedPipelineIds: s.selectedPipelineIds.filter((id) => !drop.has(id)) };
}
export const withToggled = (s: TBulkDownloadInputs, p: TPick) =>
  s.selectedPipelineIds.includes(p.id) ? withDeselected(s, [p.id]) : withSelected(s, [p]);

/** The filter narrows what is shown, not what is selected. */
export const withNameFilter = (s: TBulkDownloadInputs, nameFilter: string): TBulkDownloadInputs => ({
  ...s,
  nameFilter,
  page: 1,
});
export const withPage = (s: TBulkDownloadInputs, page: number): TBulkDownloadInputs => ({
  ...s,
  page: Math.max(1, Math.floor(page) || 1),
});

export const withDownloadStarted = (s: TBulkDownloadInputs): TBulkDownloadInputs => ({
  ...s,
  ...noOutcome,
  isDownloading: true,
});
/** The server's report: which pipelines are in the zip and why the others are not. */
export function withDownloadReport(
  s: TBulkDownloadInputs,
  report: { succeeded: string[]; failed: { id: string; reason: string }[] },
): TBulkDownloadInputs {
  return {
    ...s,
    isDownloading: false,
    successPipelineIds: report.succeeded,
    errorPipelineIds: report.failed.map((f) => f.id),
    errorReasons: Object.fromEntries(report.failed.map((f) => [f.id, f.reason])),
  };
}
/** The request itself failed: every selected pipeline is an error, with the same reason. */
export const withDownloadFailed = (s: TBulkDownloadInputs, reason: string): TBulkDownloadInputs => ({
  ...s,
  isDownloading: false,
  successPipelineIds: [],
  errorPipelineIds: [...s.selectedPipelineIds],
  errorReasons: Object.fromEntries(s.selectedPipelineIds.map((id) => [id, reason])),
});

export const bulk = {
  toggle: (p: TPick) => bulkDownloadStore.set((s) => withToggled(s, p)),
  select: (picks: TPick[]) => bulkDownloadStore.set((s) => withSelected(s, picks)),
  deselect: (ids: string[]) => bulkDownloadStore.set((s) => withDeselected(s, ids)),
  clear: () => bulkDownloadStore.set((s) => ({ ...s, ...noOutcome, selectedPipelineIds: [] })),
  setNameFilter: (v: string) => bulkDownloadStore.set((s) => withNameFilter(s, v)),
  setPage: (p: number) => bulkDownloadStore.set((s) => withPage(s, p)),
  started: () => bulkDownloadStore.set(withDownloadStarted),
  reported: (r: Parameters<typeof withDownloadReport>[1]) =>
    bulkDownloadStore.set((s) => withDownloadReport(s, r)),
  failed: (reason: string) => bulkDownloadStore.set((s) => withDownloadFailed(s, reason)),
};

export const useBulkDownloadInputs = () => useStore(bulkDownloadStore);
