import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFiles } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SheetSelect, sheetRequired } from '../../../components/ui/sheet-select.tsx';
import { sheetsToAsk, useImportSheets } from '../../../lib/import-sheets.ts';
import { useCreateProjectImport, useProjectFileChoices } from '../api/create-in-project.ts';
import { describeError } from '../lib/errors.ts';

/**
 * "New import" on a project's Imports tab: one of the project's files, read with everything
 * detected; the import joins the project (it takes its file's) and opens on its own page.
 */
export function NewProjectImportModal({
  projectId,
  opened,
  onClose,
  onShowFiles,
}: {
  projectId: string;
  opened: boolean;
  onClose: () => void;
  /** switches to the project's Files tab, to upload one */
  onShowFiles: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="New import in this project" size="md">
      {opened && <NewImportForm projectId={projectId} onClose={onClose} onShowFiles={onShowFiles} />}
    </Modal>
  );
}

function NewImportForm({
  projectId,
  onClose,
  onShowFiles,
}: {
  projectId: string;
  onClose: () => void;
  onShowFiles: () => void;
}) {
  const navigate = useNavigate();
  const files = useProjectFileChoices(projectId, true);
  const create = useCreateProjectImport();
  const [picked, setFileId] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [sheet, setSheet] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const items = (files.data?.items ?? []).filter((f) => f.current_version);
  // one file: nothing to choose
  const fileId = picked ?? (items.length === 1 ? (items[0]?.id ?? null) : null);
  const versionId = items.find((f) => f.id === fileId)?.current_version?.id ?? null;
  const sheets = useImportSheets(fileId, versionId);
  // a workbook of several sheets: the user says which one (the API alone would take the first)
  const sheetChoices = sheetsToAsk(sheets.data);

  if (files.isSuccess && items.length === 0)
    return (
      <Stack gap="md">
        <Alert color="gray" icon={<IconFiles size={18} />} title="No files in this project yet">
          An import reads one of the project's files. Upload a CSV, Excel, JSON or Parquet file first.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              onClose();
              onShowFiles();
            }}
          >
            Upload a file
          </Button>
        </Group>
      </Stack>
    );

  const submit = () => {
    if (!fileId) return setFileError('Pick a file to import');
    if (sheetChoices.length > 0 && !sheet) return setSheetError(sheetRequired(sheetChoices.length));
    create.mutate(
      {
        file_id: fileId,
        file_version_id: versionId ?? undefined,
        name: name.trim() || undefined,
        sheet: sheetChoices.length > 0 && sheet ? sheet : undefined,
      },
      {
        onSuccess: (imp) => {
          onClose();
          navigate(`/imports/${imp.id}`);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Select
          label="File"
          placeholder={files.isPending ? 'Loading files…' : 'Pick one of this project’s files'}
          data={items.map((f) => ({
            value: f.id,
            label: `${f.name} · v${f.current_version?.number ?? 1}`,
          }))}
          value={fileId}
          onChange={(v) => {
            setFileId(v);
            setFileError(null);
            setSheet(null);
            setSheetError(null);
          }}
          searchable
          nothingFoundMessage="No file has that name"
          error={fileError ?? files.error?.message}
          withAsterisk
        />
        {sheetChoices.length > 0 && (
          <SheetSelect
            sheets={sheetChoices}
            value={sheet}
            onChange={(v) => {
              setSheet(v);
              setSheetError(null);
            }}
            error={sheetError}
          />
        )}
        {sheets.isError && (
          <Text size="sm" c="red" role="alert">
            {sheets.error.message}
          </Text>
        )}
        <TextInput
          label="Name"
          description="Defaults to the file's name and version"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={200}
          // not on the file: a searchable select opens its list on focus, covering the form
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          The format, delimiter, encoding and header row are detected; the import page shows what was found.
        </Text>
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not imported">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {describeError(create.error)}
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {/* until the file's sheets are known, a start would silently take a workbook's first */}
          <Button type="submit" loading={create.isPending || sheets.isLoading}>
            Start import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
