import type { TUsageReport } from '@mapwright/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, defaultBaseUrl, http, required } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { useUsage } from '../../../lib/usage-store.ts';

export interface TRange {
  from: string;
  to: string;
}

export const usageQueryOptions = (range: TRange, triggers: unknown[] = []) =>
  queryOptions({
    // the spec's usage triggers (a pipeline or job created elsewhere) are part of the key: a flip refetches
    queryKey: ['usage', range.from, range.to, ...triggers],
    queryFn: async () => required(await http.get<TUsageReport>('/usage', { query: { ...range } })),
    placeholderData: keepPreviousData,
  });

export function useUsageReport(range: TRange) {
  const { pipelineCreatedTrigger, jobCreatedTrigger } = useUsage();
  return useQuery(usageQueryOptions(range, [pipelineCreatedTrigger, jobCreatedTrigger]));
}

/** The CSV needs the bearer token, which a plain link cannot send: fetch it, then save it. */
export async function downloadUsageCsv(range: TRange) {
  const token = storage.get('token');
  const url = `${defaultBaseUrl().replace(/\/+$/, '')}/usage/export.csv?from=${range.from}&to=${range.to}`;
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const blobUrl = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = blobUrl;
  a.download = `usage-${range.from}-${range.to}.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
