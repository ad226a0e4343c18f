import type { TImportSheets } from '@mapwright/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http, required } from './http.ts';

/**
 * Shared by every flow that imports an uploaded file (the imports area, a project's imports, the
 * file manager, a pipeline's uploaded source). The sheets of a file version (a workbook's; none for
 * other formats), to pick the one to import.
 */
export const getImportSheets = async (fileId: string, versionId: string | null) =>
  required(
    await http.get<TImportSheets>('/imports/sheets', {
      query: { file_id: fileId, file_version_id: versionId ?? undefined },
    }),
  );
export const importSheetsQueryOptions = (fileId: string, versionId: string | null) =>
  queryOptions({
    queryKey: ['files', fileId, 'sheets', versionId ?? 'current'],
    queryFn: () => getImportSheets(fileId, versionId),
    // a version's bytes never change
    staleTime: Number.POSITIVE_INFINITY,
  });
export const useImportSheets = (fileId: string | null, versionId: string | null) =>
  useQuery({ ...importSheetsQueryOptions(fileId ?? '', versionId), enabled: Boolean(fileId) });

/**
 * The sheets the user must choose between: a workbook's when it has more than one (the API alone
 * would take the first, often a cover page); none for one sheet or another format.
 */
export const sheetsToAsk = (listed: TImportSheets | undefined) =>
  listed?.format === 'xlsx' && listed.sheets.length > 1 ? listed.sheets : [];
