import {
  Alert,
  Button,
  Collapse,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IMPORT_FORMATS, type TImportOptions } from '@mapwright/contracts';
import { IconAlertCircle, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SheetSelect, sheetRequired } from '../../../components/ui/sheet-select.tsx';
import { sheetsToAsk, useImportSheets } from '../../../lib/import-sheets.ts';
import { useCreateImport } from '../api/create-import.ts';
import { useFilePicker, useFileVersions } from '../api/files.ts';

const AUTO = 'auto';
const DELIMITERS = [
  { value: AUTO, label: 'Detect' },
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe |' },
];
const ENCODINGS = [AUTO, 'utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'latin1'];
const FORMAT_LABELS: Record<string, string> = {
  csv: 'CSV',
  tsv: 'TSV',
  xlsx: 'Excel (xlsx)',
  json: 'JSON',
  jsonl: 'JSON Lines',
  parquet: 'Parquet',
};

export function NewImportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="New import" size="lg">
      {opened && <NewImportForm onClose={onClose} />}
    </Modal>
  );
}

function NewImportForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const files = useFilePicker(debounced);
  const [fileId, setFileId] = useState<string | null>(null);
  const versions = useFileVersions(fileId);
  const [versionId, setVersionId] = useState<string | null>(null);
  const [format, setFormat] = useState<string>(AUTO);
  const [name, setName] = useState('');
  const [advanced, setAdvanced] = useState(false);
  const [delimiter, setDelimiter] = useState<string>(AUTO);
  const [encoding, setEncoding] = useState<string>(AUTO);
  const [headerMode, setHeaderMode] = useState<'auto' | 'yes' | 'no'>('auto');
  const [sheet, setSheet] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const sheets = useImportSheets(fileId, versionId);
  const create = useCreateImport();

  const fileOptions = (files.data?.items ?? []).map((f) => ({
    value: f.id,
    label: f.name,
  }));
  const versionOptions = [
    { value: '', label: 'Current version' },
    ...(versions.data?.items ?? []).map((v) => ({
      value: v.id,
      label: `v${v.number} · ${v.filename}${v.label ? ` · ${v.label}` : ''}${v.is_current ? ' (current)' : ''}`,
    })),
  ];

  // a workbook of several sheets: the user says which one (the API alone would take the first)
  const sheetChoices = format === AUTO || format === 'xlsx' ? sheetsToAsk(sheets.data) : [];
  const asksSheet = sheetChoices.length > 1;

  const submit = () => {
    if (!fileId) {
      setFileError('Pick a file to import');
      return;
    }
    if (asksSheet && !sheet) {
      setSheetError(sheetRequired(sheetChoices.length));
      return;
    }
    const options: TImportOptions = {};
    if (delimiter !== AUTO) options.delimiter = delimiter as TImportOptions['delimiter'];
    if (encoding !== AUTO) options.encoding = encoding as TImportOptions['encoding'];
    if (headerMode !== 'auto') options.header = headerMode === 'yes';
    if (asksSheet && sheet) options.sheet = sheet;
    create.mutate(
      {
        file_id: fileId,
        file_version_id: versionId || undefined,
        name: name.trim() || undefined,
        format: format === AUTO ? undefined : (format as (typeof IMPORT_FORMATS)[number]),
        options,
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
          placeholder={
            files.data?.items.length === 0 && !debounced ? 'No files uploaded yet' : 'Search files'
          }
          data={fileOptions}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          value={fileId}
          onChange={(v) => {
            setFileId(v);
            setVersionId(null);
            setFileError(null);
            setSheet(null);
            setSheetError(null);
          }}
          nothingFoundMessage={files.isFetching ? 'Searching…' : 'No file matches'}
          error={fileError}
          withAsterisk
          clearable
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Version"
            data={versionOptions}
            value={versionId ?? ''}
            onChange={(v) => {
              setVersionId(v || null);
              setSheet(null);
            }}
            disabled={!fileId}
            allowDeselect={false}
          />
          <Select
            label="Format"
            data={[
              { value: AUTO, label: 'Detect from the file name' },
              ...IMPORT_FORMATS.map((f) => ({ value: f, label: FORMAT_LABELS[f] ?? f })),
            ]}
            value={format}
            onChange={(v) => setFormat(v ?? AUTO)}
            allowDeselect={false}
          />
        </SimpleGrid>
        {asksSheet && (
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
          description="Defaults to the file's name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={200}
        />
        <UnstyledButton
          onClick={() => setAdvanced((a) => !a)}
          aria-expanded={advanced}
          aria-controls="import-advanced"
        >
          <Group gap={4}>
            {advanced ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
            <Text size="sm" fw={500}>
              Advanced
            </Text>
            <Text size="xs" c="dimmed">
              delimiter, encoding, header row
            </Text>
          </Group>
        </UnstyledButton>
        <Collapse expanded={advanced} id="import-advanced">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Delimiter"
                data={DELIMITERS}
                value={delimiter}
                onChange={(v) => setDelimiter(v ?? AUTO)}
                allowDeselect={false}
              />
              <Select
                label="Encoding"
                data={ENCODINGS.map((e) => ({ value: e, label: e === AUTO ? 'Detect' : e }))}
                value={encoding}
                onChange={(v) => setEncoding(v ?? AUTO)}
                allowDeselect={false}
              />
              <Select
                label="Header row"
                data={[
                  { value: 'auto', label: 'Detect' },
                  { value: 'yes', label: 'First row holds the column names' },
                  { value: 'no', label: 'No header row' },
                ]}
                value={headerMode}
                onChange={(v) => setHeaderMode((v as 'auto' | 'yes' | 'no') ?? 'auto')}
                allowDeselect={false}
              />
            </SimpleGrid>
          </Stack>
        </Collapse>
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {create.error.message}
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
