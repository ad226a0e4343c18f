import type { TProjectCounts } from '@mapwright/contracts';
import { formatBytes, listPhrase, plural } from './format.ts';

export interface TDeletionSummary {
  /** what goes with the project, e.g. ["2 files (3 versions, 1.4 KB)", "1 import with its rows"] */
  deletes: string[];
  /** what stays and simply leaves the project */
  keeps: string[];
}

/**
 * What deleting a project does, in the server's terms: files (every version and its bytes),
 * imports and unused target schemas go; pipelines and the schemas they map into stay.
 */
export function deletionSummary(c: TProjectCounts): TDeletionSummary {
  const deletes: string[] = [];
  const keeps: string[] = [];
  if (c.files > 0)
    deletes.push(`${plural(c.files, 'file')} (${plural(c.versions, 'version')}, ${formatBytes(c.bytes)})`);
  if (c.imports > 0)
    deletes.push(
      `${plural(c.imports, 'import')} with ${c.imports === 1 ? 'its' : 'their'} rows and problems`,
    );
  const unusedSchemas = Math.max(0, c.schemas - c.schemas_in_use);
  if (unusedSchemas > 0) deletes.push(plural(unusedSchemas, 'target schema'));
  if (c.pipelines > 0) keeps.push(plural(c.pipelines, 'pipeline'));
  if (c.schemas_in_use > 0)
    keeps.push(
      `${plural(c.schemas_in_use, 'target schema')} ${c.schemas_in_use === 1 ? 'a pipeline maps' : 'pipelines map'} into`,
    );
  return { deletes, keeps };
}

/** The same summary as two plain sentences for the confirmation dialog. */
export function deletionSentences(c: TProjectCounts): { deletes: string; keeps: string | null } {
  const { deletes, keeps } = deletionSummary(c);
  return {
    deletes:
      deletes.length === 0
        ? 'The project is empty, so nothing else is deleted.'
        : `This permanently deletes ${listPhrase(deletes)}.`,
    keeps: keeps.length === 0 ? null : `Kept, outside any project: ${listPhrase(keeps)}.`,
  };
}
