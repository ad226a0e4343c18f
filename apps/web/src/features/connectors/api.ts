import type {
  TConnection,
  TConnectionCheck,
  TConnectorSpec,
  TImport,
  TPage,
  TStream,
  TSync,
  TSyncRejectedRecord,
  TSyncRun,
} from '@mapwright/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, defaultBaseUrl, http, required } from '../../lib/http.ts';
import { storage } from '../../lib/storage.ts';

/** Every query of this feature lives under one key, so a mutation can refresh them all. */
export const connectorsKey = ['connectors'] as const;

export const useCatalogue = () =>
  useQuery({
    queryKey: [...connectorsKey, 'catalogue'],
    queryFn: async () => required(await http.get<{ items: TConnectorSpec[] }>('/connectors')).items,
    // fresh on each form: its pickers list the organization's datasets and files, which change
    staleTime: 0,
  });

export const useConnections = (role?: 'source' | 'destination') =>
  useQuery({
    queryKey: [...connectorsKey, 'connections', role ?? 'all'],
    queryFn: async () =>
      required(await http.get<{ items: TConnection[] }>('/connections', { query: role ? { role } : {} }))
        .items,
  });

export const useConnection = (id: string | null) =>
  useQuery({
    queryKey: [...connectorsKey, 'connection', id],
    queryFn: async () => required(await http.get<TConnection>(`/connections/${id}`)),
    enabled: Boolean(id),
  });

export const useStreams = (id: string | null, enabled = true) =>
  useQuery({
    queryKey: [...connectorsKey, 'streams', id],
    queryFn: async () => required(await http.get<{ items: TStream[] }>(`/connections/${id}/streams`)).items,
    enabled: Boolean(id) && enabled,
    staleTime: 30_000,
    retry: false,
  });

/** "Use as a pipeline input": the stream read into an import the workshop works on. */
export const useImportStream = (connectionId: string) =>
  useMutation({
    mutationFn: async (stream: string) =>
      required(await http.post<TImport>(`/connections/${connectionId}/streams/import`, { stream })),
  });

export const useSyncs = (connectionId: string | null) =>
  useQuery({
    queryKey: [...connectorsKey, 'syncs', connectionId],
    queryFn: async () =>
      required(
        await http.get<{ items: TSync[] }>('/syncs', { query: { connectionId: connectionId ?? undefined } }),
      ).items,
    enabled: Boolean(connectionId),
  });

const ACTIVE = ['queued', 'running'];
export const isActive = (run: TSyncRun | null | undefined) => Boolean(run && ACTIVE.includes(run.status));

/** The sync and its run history; polled every second while a run is active (live progress). */
export const useSyncRuns = (syncId: string | null) => {
  const qc = useQueryClient();
  const key = [...connectorsKey, 'runs', syncId];
  return useQuery({
    queryKey: key,
    queryFn: async () => {
      const items = required(await http.get<{ items: TSyncRun[] }>(`/syncs/${syncId}/runs`)).items;
      // a run that started or ended changes the last-sync status the connection lists show
      const previous = qc.getQueryData<TSyncRun[]>(key);
      const before = previous?.[0];
      if (previous && (before?.id !== items[0]?.id || before?.status !== items[0]?.status))
        void qc.invalidateQueries({ queryKey: [...connectorsKey, 'connections'] });
      return items;
    },
    enabled: Boolean(syncId),
    refetchInterval: (q) => (isActive(q.state.data?.[0]) ? 1000 : false),
  });
};

/** A page of the records a run's pipeline rejected (its quarantine), fetched once it is shown. */
export const useRejectedRecords = (run: TSyncRun, page: number, size: number, enabled: boolean) =>
  useQuery({
    queryKey: [...connectorsKey, 'rejected', run.id, run.rowsRejected, page, size],
    queryFn: async () =>
      required(
        await http.get<TPage<TSyncRejectedRecord>>(`/syncs/${run.syncId}/runs/${run.id}/rejected`, {
          query: { page, size },
        }),
      ),
    enabled,
    placeholderData: (previous) => previous,
  });

/**
 * Every rejected record as a JSON Lines file. The download needs the bearer token, which a plain
 * link cannot send: fetch the bytes, then hand them to the browser as a named blob.
 */
export async function downloadRejected(run: TSyncRun) {
  const token = storage.get('token');
  const url = `${defaultBaseUrl().replace(/\/+$/, '')}/syncs/${run.syncId}/runs/${run.id}/rejected.jsonl`;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = `sync-run-${run.id.slice(0, 8)}-rejected.jsonl`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 1000);
}

function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: connectorsKey });
}

export interface TNewConnection {
  type: string;
  name: string;
  role: 'source' | 'destination';
  settings: Record<string, unknown>;
}
export const useCreateConnection = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: TNewConnection) => required(await http.post<TConnection>('/connections', body)),
    onSuccess: () => {
      void refresh();
    },
  });
};
export const useTestSettings = () =>
  useMutation({
    mutationFn: async (body: { type: string; settings: Record<string, unknown> }) =>
      required(await http.post<TConnectionCheck>('/connections/test', body)),
  });
export const useCheckConnection = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => required(await http.post<TConnectionCheck>(`/connections/${id}/check`)),
    onSuccess: () => {
      void refresh();
    },
  });
};
export const useDeleteConnection = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => {
      await http.delete(`/connections/${id}`);
    },
    onSuccess: () => {
      void refresh();
    },
  });
};

export interface TNewSync {
  name: string;
  sourceConnectionId: string;
  destinationConnectionId: string;
  streams: {
    name: string;
    destination: string;
    syncMode: 'full_refresh' | 'incremental';
    cursorField?: string[];
  }[];
  writeMode: 'append' | 'overwrite' | 'upsert';
  pipelineId?: string | null;
  schedule?: string | null;
}
export const useCreateSync = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: TNewSync) => required(await http.post<TSync>('/syncs', body)),
    onSuccess: () => {
      void refresh();
    },
  });
};
export const useRunSync = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: string) => required(await http.post<TSyncRun>(`/syncs/${id}/runs`)),
    onSuccess: () => {
      void refresh();
    },
  });
};
export const useCancelRun = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (r: { syncId: string; runId: string }) =>
      required(await http.post<TSyncRun>(`/syncs/${r.syncId}/runs/${r.runId}/cancel`)),
    onSuccess: () => {
      void refresh();
    },
  });
};
