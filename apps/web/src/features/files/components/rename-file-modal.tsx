import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import type { TFile } from '@mapwright/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { notify } from './notify.ts';
import type { TFileManager } from './use-file-manager.ts';

/** Renames the file; its versions keep the file names they were uploaded with. */
export function RenameFileModal({
  file,
  fm,
  onClose,
}: {
  file: TFile | null;
  fm: TFileManager;
  onClose: () => void;
}) {
  return (
    <Modal opened={Boolean(file)} onClose={onClose} title="Rename file" size="md">
      {file && <RenameForm key={file.id} file={file} fm={fm} onClose={onClose} />}
    </Modal>
  );
}

function RenameForm({ file, fm, onClose }: { file: TFile; fm: TFileManager; onClose: () => void }) {
  const [name, setName] = useState(file.name);
  const [error, setError] = useState<string | null>(null);
  const rename = fm.rename;
  const submit = () => {
    const next = name.trim();
    if (!next) return setError('Enter a name');
    if (next === file.name) return onClose();
    rename.mutate(
      { id: file.id, name: next },
      {
        onSuccess: () => {
          notify({ color: 'green', message: `Renamed to ${next}.` });
          onClose();
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
      noValidate
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          description="The versions keep the file names they were uploaded with."
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          maxLength={255}
          required
          data-autofocus
        />
        {rename.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {rename.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={rename.isPending}>
            Rename
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
