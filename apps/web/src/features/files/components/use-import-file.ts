import type { TFile, TImportSheets } from '@mapwright/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { importSheetsQueryOptions, sheetsToAsk } from '../../../lib/import-sheets.ts';
import { useStartImport } from '../api/start-import.ts';
import { notify } from './notify.ts';

export interface TSheetQuestion {
  file: TFile;
  versionId: string;
  sheets: TImportSheets['sheets'];
}

/**
 * A file row's Import: the current version is imported with everything detected, except a
 * workbook of several sheets, whose sheet the user is asked for first (the server alone would
 * take the first, often a cover page). The import page then shows its progress.
 */
export function useImportFile(announce: (text: string) => void) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const start = useStartImport();
  const [checking, setChecking] = useState<string | null>(null);
  const [question, setQuestion] = useState<TSheetQuestion | null>(null);

  const refused = (file: TFile, err: Error) => {
    notify({ color: 'red', title: `${file.name} was not imported`, message: err.message, autoClose: 8000 });
    announce(`The import was refused: ${err.message}`);
  };
  const startImport = (file: TFile, versionId: string, sheet?: string) =>
    start.mutate(
      { fileId: file.id, versionId, sheet },
      {
        onSuccess: (imp) => {
          setQuestion(null);
          navigate(`/imports/${imp.id}`);
        },
        // the sheet's dialog shows the reason itself
        onError: (err) =>
          sheet === undefined ? refused(file, err) : announce(`The import was refused: ${err.message}`),
      },
    );

  const importFile = async (file: TFile) => {
    const versionId = file.current_version?.id;
    if (!versionId) return;
    announce(`Starting an import of ${file.name}`);
    setChecking(file.id);
    try {
      const sheets = sheetsToAsk(await qc.fetchQuery(importSheetsQueryOptions(file.id, versionId)));
      if (sheets.length === 0) return startImport(file, versionId);
      setQuestion({ file, versionId, sheets });
      announce(`${file.name} has ${sheets.length} sheets: pick the one to import`);
    } catch (err) {
      refused(file, err as Error);
    } finally {
      setChecking(null);
    }
  };

  return {
    importFile,
    /** the file whose import is being started, for its row's spinner */
    importing: checking ?? (start.isPending && !question ? start.variables.fileId : null),
    question,
    importSheet: (sheet: string) => question && startImport(question.file, question.versionId, sheet),
    starting: start.isPending,
    error: question && start.isError ? start.error.message : null,
    cancel: () => {
      setQuestion(null);
      start.reset();
    },
  };
}
