import { Select } from '@mantine/core';
import type { TImportSheets } from '@mapwright/contracts';

type TSheet = TImportSheets['sheets'][number];

/** "Orders · 13 rows": the rows tell a cover page from the data at a glance. */
export const sheetLabel = (s: TSheet) =>
  s.rows === null ? s.name : `${s.name} · ${s.rows.toLocaleString()} ${s.rows === 1 ? 'row' : 'rows'}`;

/** The message when a workbook's sheet was not picked, the same in every import form. */
export const sheetRequired = (count: number) => `Pick one of the ${count} sheets of this workbook`;

/**
 * The required choice of a workbook's sheet in every form that imports an uploaded file; shown
 * only when the workbook has more than one (see `sheetsToAsk` in lib/import-sheets.ts).
 */
export function SheetSelect({
  sheets,
  value,
  onChange,
  error,
}: {
  sheets: TSheet[];
  value: string | null;
  onChange: (sheet: string | null) => void;
  error?: string | null;
}) {
  return (
    <Select
      label="Sheet"
      description={`This workbook has ${sheets.length} sheets; one is imported at a time (rows include the header)`}
      placeholder="Pick the sheet to import"
      data={sheets.map((s) => ({ value: s.name, label: sheetLabel(s) }))}
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk
      // a workbook may hold dozens of sheets
      searchable={sheets.length > 8}
    />
  );
}
