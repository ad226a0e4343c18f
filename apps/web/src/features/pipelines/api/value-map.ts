import type { TValueMapSuggestion, TValueTable } from '@mapwright/contracts';
import { ApiError, defaultBaseUrl, http, required, type TIssue } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export const suggestValues = async (id: string, field: string, table?: Record<string, string>) =>
  required(
    await http.post<TValueMapSuggestion>(`/pipelines/${id}/value-map/suggest`, {
      field,
      ...(table ? { table } : {}),
    }),
  );
export const applyValues = async (id: string, field: string, table: Record<string, string>) =>
  required(await http.post<{ mapper_version: number }>(`/pipelines/${id}/value-map/apply`, { field, table }));
export async function readWorkbook(file: File) {
  const form = new FormData();
  form.append('file', file);
  return required(await http.post<{ tables: TValueTable[] }>('/value-maps/workbook', form)).tables;
}

/** The table as an .xlsx download (the bearer token rules out a plain link). */
export async function exportValues(
  field: string,
  rows: { source: string; target: string | null; count: number }[],
) {
  const token = storage.get('token');
  const res = await fetch(`${defaultBaseUrl().replace(/\/+$/, '')}/value-maps/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ field, rows }),
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => undefined)) as { detail?: string | TIssue[] } | undefined;
    throw new ApiError(res.status, body?.detail);
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `value-map-${field.replace(/[^\w-]+/g, '_')}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
