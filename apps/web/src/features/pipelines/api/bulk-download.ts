import { ApiError, defaultBaseUrl, http, type TIssue } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { parseBulkReport, type TBulkReport } from '../lib/bulk-report.ts';
import { filenameOf } from '../lib/download.ts';

/**
 * POST /pipelines/bulk-download answers a zip stream, which the JSON client cannot hold: fetch it
 * with the bearer token, keep the bytes as a blob and read the per-pipeline report from its header.
 */
export async function bulkDownload(
  pipelineIds: string[],
): Promise<{ blob: Blob; filename: string; report: TBulkReport }> {
  const token = storage.get('token');
  const res = await fetch(`${defaultBaseUrl().replace(/\/+$/, '')}/pipelines/bulk-download`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/zip',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ pipeline_ids: pipelineIds }),
  });
  if (res.status === 401) {
    storage.remove('token');
    void http.get('/me').catch(() => undefined);
    throw new Error('Unauthorized');
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string | TIssue[] } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const report = parseBulkReport(res.headers.get('x-bulk-report')) ?? { succeeded: pipelineIds, failed: [] };
  const blob = await res.blob();
  return { blob, filename: filenameOf(res.headers.get('content-disposition'), 'pipelines.zip'), report };
}
