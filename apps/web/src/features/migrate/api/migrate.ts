import type { TMigrationFile, TMigrationPlan } from '@mapwright/contracts';
import { ApiError, defaultBaseUrl, http, required } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';

export type TImportBody = { file: TMigrationFile } | { source: { url: string; api_key: string } };

/**
 * A plan answers 200 (dry run), 201 (imported) or 409 (clashes: nothing written). The HTTP
 * client rejects a 409, so this call reads the body itself to show the clashes.
 */
export async function importDefinitions(body: TImportBody, dryRun: boolean): Promise<TMigrationPlan> {
  const token = storage.get('token');
  const res = await fetch(`${defaultBaseUrl().replace(/\/+$/, '')}/migrate/import?dry_run=${dryRun}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json().catch(() => undefined)) as
    | TMigrationPlan
    | { detail?: string | { loc: (string | number)[]; msg: string }[] }
    | undefined;
  if (res.ok || res.status === 409) return json as TMigrationPlan;
  throw new ApiError(res.status, (json as { detail?: never } | undefined)?.detail);
}

export const exportDefinitions = async () => required(await http.get<TMigrationFile>('/migrate/export'));
