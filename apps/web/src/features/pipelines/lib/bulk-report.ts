/** Which pipelines a bulk zip holds and why the others are missing (the x-bulk-report header). */
export interface TBulkReport {
  succeeded: string[];
  failed: { id: string; reason: string }[];
}

/** Reads the header (URI-encoded JSON); a missing or garbled one yields null, never a throw. */
export function parseBulkReport(header: string | null): TBulkReport | null {
  if (!header) return null;
  try {
    const v = JSON.parse(decodeURIComponent(header)) as Partial<TBulkReport>;
    if (!Array.isArray(v.succeeded) || !Array.isArray(v.failed)) return null;
    return {
      succeeded: v.succeeded.filter((x): x is string => typeof x === 'string'),
      failed: v.failed
        .filter((f) => f && typeof f.id === 'string')
        .map((f) => ({ id: f.id, reason: typeof f.reason === 'string' ? f.reason : 'not exported' })),
    };
  } catch {
    return null;
  }
}
