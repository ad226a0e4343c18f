import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets, fileVersions, resultParts, syncDatasetWrites } from '../../db/schema.ts';

/*
 * Every place a row names a blob by its sha256. A blob named here is never swept; a new column
 * holding a blob address must be added here and to the query (blob-sweep.integration.test.ts
 * checks the schema for columns named like one).
 *   - file_versions.sha256: uploads, and the raw files imports are parsed from
 *   - datasets.files[].sha256: every dataset (imports, job inputs and results, joins, flows,
 *     syncs and their rejected records, resolution, workbooks' tabs are datasets too)
 *   - result_parts.file.sha256: a job part's file, before and while its result's dataset grows
 *   - sync_dataset_writes.files[].sha256: an overwrite's staged files until its commit
 */
export const BLOB_COLUMNS = [
  'file_versions.sha256',
  'datasets.files',
  'result_parts.file',
  'sync_dataset_writes.files',
] as const;

/** The addresses among `shas` that some row names. */
export async function referencedAmong(db: Db, shas: string[]): Promise<Set<string>> {
  if (!shas.length) return new Set();
  const result = await db.execute(sql`
    with candidate as (select json_array_elements_text(${JSON.stringify(shas)}::json) as sha)
    select sha from candidate where sha in (
      select ${fileVersions.sha256} from ${fileVersions}
      union all
      select f->>'sha256' from ${datasets}, json_array_elements(${datasets.files}) f
      union all
      select ${resultParts.file}->>'sha256' from ${resultParts} where ${resultParts.file} is not null
      union all
      select f->>'sha256' from ${syncDatasetWrites}, json_array_elements(${syncDatasetWrites.files}) f
    )`);
  const rows = (result as unknown as { rows: { sha: string }[] }).rows;
  return new Set(rows.map((r) => r.sha));
}
