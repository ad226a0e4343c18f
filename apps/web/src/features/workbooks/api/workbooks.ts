import type {
  TCellEditEntry,
  TFieldComment,
  TFieldSheet,
  TGridPage,
  TPage,
  TReviewStatus,
  TShare,
  TWorkbook,
  TWorkbookTab,
} from '@mapwright/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defaultBaseUrl, http, required } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export const workbooksKey = ['workbooks'] as const;
const wbKey = (id: string) => [...workbooksKey, 'one', id] as const;

export const useWorkbooks = (page: number) =>
  useQuery({
    queryKey: [...workbooksKey, 'list', page],
    queryFn: async () =>
      required(await http.get<TPage<TWorkbook>>('/workbooks', { query: { page, size: 20 } })),
    placeholderData: keepPreviousData,
  });

export const useLatestWorkbook = () =>
  useQuery({
    queryKey: [...workbooksKey, 'latest'],
    queryFn: async () => (await http.get<TWorkbook | null>('/workbooks/latest')) ?? null,
  });

export const useWorkbook = (id: string) =>
  useQuery({
    queryKey: wbKey(id),
    queryFn: async () => required(await http.get<TWorkbook>(`/workbooks/${id}`)),
  });

/** The organization's projects, to make a workbook from (the projects feature owns their screens). */
export const useProjectChoices = () =>
  useQuery({
    queryKey: [...workbooksKey, 'projects'],
    queryFn: async () =>
      required(
        await http.get<TPage<{ id: string; name: string }>>('/projects', { query: { page: 1, size: 100 } }),
      ),
  });

export function useCreateWorkbook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: string) =>
      required(await http.post<TWorkbook>('/workbooks', { project_id: projectId })),
    onSuccess: () => qc.invalidateQueries({ queryKey: workbooksKey }),
  });
}

export function useNewVersion(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => required(await http.post<TWorkbook>(`/workbooks/${id}/versions`)),
    onSuccess: () => qc.invalidateQueries({ queryKey: workbooksKey }),
  });
}

// ── field sheet ──
const sheetKey = (id: string) => [...workbooksKey, 'sheet', id] as const;
export const useFieldSheet = (id: string) =>
  useQuery({
    queryKey: sheetKey(id),
    queryFn: async () => required(await http.get<TFieldSheet>(`/workbooks/${id}/fields`)),
  });

const fieldUrl = (id: string, key: string) => `/workbooks/${id}/fields/${encodeURIComponent(key)}`;

export function useSetReview(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { key: string; status: TReviewStatus }) =>
      http.put(`${fieldUrl(id, v.key)}/review`, { status: v.status }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sheetKey(id) }),
  });
}

export const useComments = (id: string, key: string | null) =>
  useQuery({
    queryKey: [...workbooksKey, 'comments', id, key],
    enabled: key !== null,
    queryFn: async () =>
      required(await http.get<{ items: TFieldComment[] }>(`${fieldUrl(id, key!)}/comments`)),
  });

export function useAddComment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { key: string; body: string }) =>
      http.post(`${fieldUrl(id, v.key)}/comments`, { body: v.body }),
    // the thread at once; the sheet's comment counts after
    onSuccess: async (_r, v) => {
      await qc.invalidateQueries({ queryKey: [...workbooksKey, 'comments', id, v.key] });
      void qc.invalidateQueries({ queryKey: sheetKey(id) });
    },
  });
}

/** A mapping change goes through the workshop's own edit path (no second mapping model). */
export function useEditMapping(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { workshopId: string; target: string; source: string }) =>
      http.post(`/workshops/${v.workshopId}/mapper/run`, {
        mapper: [{ targetField: v.target, transformation: { extract: v.source } }],
        immediate_return: false,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sheetKey(id) }),
  });
}

// ── tabs ──
export interface TTabSource {
  kind: 'import' | 'result';
  id: string;
  label: string;
}

/** Imports of the project and runs of its pipelines: what a dataset tab can show today. */
export const useTabSources = (projectId: string, pipelineIds: string[], enabled: boolean) =>
  useQuery({
    queryKey: [...workbooksKey, 'sources', projectId, pipelineIds],
    enabled,
    queryFn: async (): Promise<TTabSource[]> => {
      const imports = required(
        await http.get<TPage<{ id: string; name: string; status: string; row_count: number }>>('/imports', {
          query: { project_id: projectId, size: 50 },
        }),
      );
      const runs = await Promise.all(
        pipelineIds.map(
          async (pid) =>
            required(
              await http.get<TPage<{ id: string; status: string; total: number; created_at: string }>>(
                '/results',
                {
                  query: { pipeline_id: pid, size: 5 },
                },
              ),
            ).items,
        ),
      );
      return [
        ...imports.items
          .filter((i) => i.status === 'succeeded')
          .map((i) => ({
            kind: 'import' as const,
            id: i.id,
            label: `Import: ${i.name} (${i.row_count} rows)`,
          })),
        ...runs
          .flat()
          .filter((r) => r.status !== 'queued' && r.status !== 'running')
          .map((r) => ({
            kind: 'result' as const,
            id: r.id,
            label: `Run ${r.id.slice(0, 8)} results (${r.total} records, ${new Date(r.created_at).toLocaleString()})`,
          })),
      ];
    },
  });

export function useAddTab(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: { source: string; id: string }) =>
      required(await http.post<TWorkbookTab>(`/workbooks/${id}/tabs`, v)),
    onSuccess: () => qc.invalidateQueries({ queryKey: wbKey(id) }),
  });
}

export function useRemoveTab(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (tab: string) => http.delete(`/workbooks/${id}/tabs/${tab}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: wbKey(id) }),
  });
}

export interface TGridView {
  sort?: string;
  dir: 'asc' | 'desc';
  filter_column?: string;
  filter?: string;
}

export const tabRowsUrl = (id: string, tab: string) => `/workbooks/${id}/tabs/${tab}`;

export const fetchTabPage = async (id: string, tab: string, offset: number, limit: number, view: TGridView) =>
  required(await http.get<TGridPage>(`${tabRowsUrl(id, tab)}/rows`, { query: { offset, limit, ...view } }));

export const postEdits = (
  id: string,
  tab: string,
  edits: { row: number; column: string; value: string | null }[],
) => http.post<{ batch_id: string }>(`${tabRowsUrl(id, tab)}/edits`, { edits });
export const postUndo = (id: string, tab: string) =>
  http.post<{ undone: number }>(`${tabRowsUrl(id, tab)}/undo`);
export const fetchCellLog = async (id: string, tab: string, row: number, column: string) =>
  required(
    await http.get<{ items: TCellEditEntry[] }>(`${tabRowsUrl(id, tab)}/edits`, { query: { row, column } }),
  ).items;

// ── shares ──
const sharesKey = (id: string) => [...workbooksKey, 'shares', id] as const;
export const useShares = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: sharesKey(id),
    enabled,
    queryFn: async () => required(await http.get<{ items: TShare[] }>(`/workbooks/${id}/shares`)).items,
  });

export function useCreateShare(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (v: {
      tabs: string[];
      expires_in_days: number;
      allow_feedback: boolean;
      label: string;
    }) => required(await http.post<TShare>(`/workbooks/${id}/shares`, v)),
    onSuccess: () => qc.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

export function useRevokeShare(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (share: string) => http.post(`/workbooks/${id}/shares/${share}/revoke`),
    onSuccess: () => qc.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}

/** Downloads a tab export with the session's token (a plain link would carry none). */
export async function downloadExport(
  id: string,
  tab: string,
  title: string,
  view: TGridView,
  format: 'csv' | 'xlsx',
) {
  const q = new URLSearchParams({ format, dir: view.dir });
  if (view.sort) q.set('sort', view.sort);
  if (view.filter) q.set('filter', view.filter);
  if (view.filter_column) q.set('filter_column', view.filter_column);
  const res = await fetch(`${defaultBaseUrl()}${tabRowsUrl(id, tab)}/export?${q}`, {
    headers: { Authorization: `Bearer ${storage.get('token') ?? ''}` },
  });
  if (!res.ok) throw new Error(`The export failed (${res.status})`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `${title.replace(/[^\w.-]+/g, '_') || 'tab'}.${format}`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
