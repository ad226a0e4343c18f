import type { TResult } from '@mapwright/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resultMappingsQueryOptions } from '../api/result-mappings.ts';
import { useResultSpec } from '../api/result-spec.ts';
import { groupErrors, type TErrorTypeGroup } from '../lib/error-groups.ts';
import { isOpen } from '../lib/status.ts';

const SCAN_PAGE = 500;
/** the errors summary reads at most this many quarantined records (10 requests) */
export const MAX_SCANNED = 5000;

/**
 * Reads the run's quarantined records (up to MAX_SCANNED) once it has ended and groups their
 * errors by type and field. `scanned` < run.failed means the counts cover the first records only.
 */
export function useErrorScan(run: TResult) {
  const settled = !isOpen(run.status);
  const pages = settled ? Math.ceil(Math.min(run.failed, MAX_SCANNED) / SCAN_PAGE) : 0;
  const spec = useResultSpec(run.id);
  const results = useQueries({
    queries: Array.from({ length: pages }, (_, i) =>
      resultMappingsQueryOptions(run.id, { page: i + 1, size: SCAN_PAGE, onlyErrors: true }, true),
    ),
  });
  const done = results.every((r) => r.isSuccess) && !spec.isPending;
  const error = results.find((r) => r.isError)?.error ?? null;
  const data = results.map((r) => r.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: recompute only when a page or the spec arrives
  const groups = useMemo<TErrorTypeGroup[]>(() => {
    if (!done) return [];
    const sources = spec.data ?? {};
    return groupErrors(
      data.flatMap((d) => d?.items ?? []),
      (field) => sources[field.split(/[.[]/)[0] ?? field]?.['@sources'] ?? [],
    );
  }, [done, spec.data, ...data]);
  const scanned = data.reduce((n, d) => n + (d?.items.length ?? 0), 0);
  return {
    settled,
    loading: settled && !done && !error,
    error,
    groups,
    scanned,
    refetch: () => results.forEach((r) => void r.refetch()),
  };
}
