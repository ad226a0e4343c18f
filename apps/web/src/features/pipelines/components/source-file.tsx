import { Alert, Button, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { TFile, TImportSheets } from '@mapwright/contracts';
import { IconAlertCircle, IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { SheetSelect, sheetRequired } from '../../../components/ui/sheet-select.tsx';
import { getImportSheets, sheetsToAsk } from '../../../lib/import-sheets.ts';
import { startImport, uploadFile, waitForImport } from '../api/upload-source.ts';
import { formatPercent } from '../lib/format.ts';
import { fieldsOfImport, type TSource } from '../lib/source.ts';

type TPhase =
  | { at: 'idle' }
  | { at: 'upload'; name: string; percent: number }
  | { at: 'sheet'; name: string; file: TFile; sheets: TImportSheets['sheets'] }
  | { at: 'import'; name: string; share: number }
  | { at: 'done'; name: string }
  | { at: 'error'; message: string };

/** A file uploaded to the file manager, then read into a dataset so its rows can be mapped. */
export function FileSource({
  onReady,
  projectId,
}: {
  onReady: (s: TSource | null) => void;
  /** the project the uploaded file joins */
  projectId?: string;
}) {
  const [phase, setPhase] = useState<TPhase>({ at: 'idle' });
  const [sheet, setSheet] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const titleId = useId();
  const hintId = useId();
  useEffect(() => () => abort.current?.abort(), []);

  const take = async (file: File) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    onReady(null);
    setSheet(null);
    setSheetError(null);
    try {
      setPhase({ at: 'upload', name: file.name, percent: 0 });
      const uploaded = await uploadFile(
        file,
        projectId,
        (percent) => setPhase({ at: 'upload', name: file.name, percent }),
        ctrl.signal,
      );
      const version = uploaded.current_version;
      if (!version) throw new Error('The upload has no version to read');
      // a workbook of several sheets: the user says which one (the import alone would take the first)
      const sheets = sheetsToAsk(await getImportSheets(uploaded.id, version.id));
      if (ctrl.signal.aborted) return;
      if (sheets.length > 0) return setPhase({ at: 'sheet', name: file.name, file: uploaded, sheets });
      await read(uploaded, file.name, undefined, ctrl.signal);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setPhase({ at: 'error', message: (err as Error).message });
    }
  };

  const read = async (uploaded: TFile, name: string, picked: string | undefined, signal: AbortSignal) => {
    const version = uploaded.current_version;
    if (!version) throw new Error('The upload has no version to read');
    setPhase({ at: 'import', name, share: 0 });
    const imp = await waitForImport(
      await startImport(uploaded, picked),
      (share) => setPhase({ at: 'import', name, share }),
      signal,
    );
    if (imp.status !== 'succeeded') throw new Error(`The file could not be read: ${imp.error ?? imp.status}`);
    if (imp.row_count === 0)
      throw new Error(picked ? `The sheet “${picked}” holds no rows` : 'The file holds no rows');
    setPhase({ at: 'done', name });
    onReady({
      kind: 'file',
      fileVersionId: version.id,
      ...(picked === undefined ? {} : { sheet: picked }),
      importId: imp.id,
      name,
      rows: imp.row_count,
      fields: fieldsOfImport(imp),
    });
  };

  const readSheet = async () => {
    if (phase.at !== 'sheet') return;
    if (!sheet) return setSheetError(sheetRequired(phase.sheets.length));
    const ctrl = new AbortController();
    abort.current = ctrl;
    try {
      await read(phase.file, phase.name, sheet, ctrl.signal);
    } catch (err) {
      if ((err as Error).name === 'AbortError') return;
      setPhase({ at: 'error', message: (err as Error).message });
    }
  };

  const busy = phase.at === 'upload' || phase.at === 'import';
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => files[0] && void take(files[0])}
        multiple={false}
        disabled={busy}
        radius="md"
        p="md"
        inputProps={{ 'aria-label': 'Choose a file of source records' }}
        role="group"
        aria-labelledby={titleId}
        aria-describedby={hintId}
      >
        <Group justify="center" gap="md" mih={72} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <Dropzone.Accept>
              <IconUpload size={22} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={22} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconCloudUpload size={22} />
            </Dropzone.Idle>
          </ThemeIcon>
          <div>
            <Text fw={600} id={titleId}>
              {phase.at === 'done'
                ? `Using ${phase.name}. Drop another to replace it`
                : phase.at === 'sheet'
                  ? `Uploaded ${phase.name}. Pick its sheet below, or drop another file`
                  : 'Drag a file here, or click to choose it'}
            </Text>
            <Text size="sm" c="dimmed" id={hintId}>
              CSV, TSV, Excel, JSON, JSON Lines or Parquet. It is saved in the file manager and read into a
              dataset.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {phase.at === 'upload' && (
        <Stack gap={4}>
          <Text size="sm">
            Uploading {phase.name} · {formatPercent(phase.percent / 100)}
          </Text>
          <Progress value={phase.percent} aria-label={`Uploading ${phase.name}`} animated />
        </Stack>
      )}
      {phase.at === 'sheet' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void readSheet();
          }}
        >
          <Stack gap="sm" align="flex-start">
            <div style={{ alignSelf: 'stretch' }}>
              <SheetSelect
                sheets={phase.sheets}
                value={sheet}
                onChange={(v) => {
                  setSheet(v);
                  setSheetError(null);
                }}
                error={sheetError}
              />
            </div>
            <Button type="submit">Read this sheet</Button>
          </Stack>
        </form>
      )}
      {phase.at === 'import' && (
        <Stack gap={4}>
          <Text size="sm">
            Reading rows of {phase.name} · {formatPercent(phase.share)}
          </Text>
          <Progress value={phase.share * 100} aria-label={`Reading ${phase.name}`} animated color="teal" />
        </Stack>
      )}
      {phase.at === 'error' && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title="The file cannot be used" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{phase.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => setPhase({ at: 'idle' })}>
              Choose another file
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
