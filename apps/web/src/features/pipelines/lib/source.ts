import type { TImport } from '@mapwright/contracts';
import type { TJobInput } from '../api/create-job.ts';
import type { TInferInput } from '../api/infer-schema.ts';
import { plural } from './format.ts';

/** Where a job's records come from: pasted JSON, an uploaded file (imported), or a project's dataset. */
export type TSource =
  | { kind: 'records'; records: Record<string, unknown>[]; fields: string[] }
  | {
      kind: 'dataset';
      importId: string;
      name: string;
      rows: number;
      projectId: string | null;
      fields: string[];
    }
  | {
      kind: 'file';
      fileVersionId: string;
      /** the workbook's sheet that was read, when the user picked one */
      sheet?: string;
      importId: string;
      name: string;
      rows: number;
      fields: string[];
    };

export const fieldsOfImport = (imp: TImport) => (imp.columns ?? []).map((c) => c.name);

/** The body of POST /pipelines/{id}/jobs for a source. */
export function jobInputOf(source: TSource): TJobInput {
  if (source.kind === 'records') return { data: source.records };
  if (source.kind === 'file')
    return source.sheet === undefined
      ? { file_version_id: source.fileVersionId }
      : { file_version_id: source.fileVersionId, sheet: source.sheet };
  return { import_id: source.importId };
}

/** The body of POST /target_schemas/infer for a source. */
export function inferInputOf(source: TSource, name: string): TInferInput {
  return source.kind === 'records' ? { name, records: source.records } : { name, import_id: source.importId };
}

export function describeSource(source: TSource): string {
  if (source.kind === 'records') return `${plural(source.records.length, 'pasted record')}`;
  const what = source.kind === 'file' ? 'uploaded file' : 'dataset';
  const sheet = source.kind === 'file' && source.sheet !== undefined ? `, sheet “${source.sheet}”` : '';
  return `${what} “${source.name}”${sheet} · ${plural(source.rows, 'row')}`;
}

export const recordCountOf = (source: TSource) =>
  source.kind === 'records' ? source.records.length : source.rows;
