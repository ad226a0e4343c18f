import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { SheetSelect, sheetRequired } from '../../../components/ui/sheet-select.tsx';
import type { TSheetQuestion } from './use-import-file.ts';

/** Which sheet of a workbook a file row's Import reads. */
export function ImportSheetModal({
  question,
  starting,
  error,
  onStart,
  onClose,
}: {
  question: TSheetQuestion | null;
  starting: boolean;
  error: string | null;
  onStart: (sheet: string) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={question !== null} onClose={onClose} title={`Import ${question?.file.name ?? ''}`}>
      {question && (
        <SheetForm
          // a new question starts with nothing picked
          key={`${question.file.id}:${question.versionId}`}
          question={question}
          starting={starting}
          error={error}
          onStart={onStart}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function SheetForm({
  question,
  starting,
  error,
  onStart,
  onClose,
}: {
  question: TSheetQuestion;
  starting: boolean;
  error: string | null;
  onStart: (sheet: string) => void;
  onClose: () => void;
}) {
  const [sheet, setSheet] = useState<string | null>(null);
  const [sheetError, setSheetError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!sheet) return setSheetError(sheetRequired(question.sheets.length));
        onStart(sheet);
      }}
    >
      <Stack gap="md">
        <SheetSelect
          sheets={question.sheets}
          value={sheet}
          onChange={(v) => {
            setSheet(v);
            setSheetError(null);
          }}
          error={sheetError}
        />
        <Text size="sm" c="dimmed">
          The header row and the column types are detected; the import page shows what was found.
        </Text>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not imported">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={starting}>
            Start import
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
