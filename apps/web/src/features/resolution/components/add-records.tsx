import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { TResolution } from '@mapwright/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useAddRecords, useInputChoices } from '../api.ts';

/**
 * "Add new records": a newer import (or a job's results, joined data) whose records not yet in
 * this dedupe are scored against its entities, without a full run.
 */
export function AddRecords({ resolution }: { resolution: TResolution }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setOpened(true)}>
        Add new records
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Add new records">
        {/* mounted when opened: the inputs are fetched then (an import may have just finished) */}
        <AddRecordsForm resolution={resolution} close={() => setOpened(false)} />
      </Modal>
    </>
  );
}

function AddRecordsForm({ resolution, close }: { resolution: TResolution; close: () => void }) {
  const inputs = useInputChoices();
  const add = useAddRecords(resolution.id);
  const [value, setValue] = useState<string | null>(null);
  const submit = () => {
    const found = inputs.data?.find((i) => `${i.kind}:${i.id}` === value);
    if (!found) return;
    add.mutate(
      found.kind === 'import' ? { import_id: found.id } : { input: { kind: found.kind, id: found.id } },
      { onSuccess: close },
    );
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Records of the chosen data that are not here yet
        {resolution.id_column ? ` (by ${resolution.id_column})` : ''} are compared with these entities only:
        each joins the entity it matches or starts its own. Entities you split stay split.
      </Text>
      {add.isError && (
        <Alert color="red" title="The records cannot be added">
          {add.error.message}
        </Alert>
      )}
      <Select
        label="New records from"
        data={(inputs.data ?? []).map((i) => ({ value: `${i.kind}:${i.id}`, label: i.name }))}
        value={value}
        onChange={setValue}
        searchable
        placeholder={inputs.isPending ? 'Loading inputs…' : 'Choose data'}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button onClick={submit} disabled={!value} loading={add.isPending}>
          Add records
        </Button>
      </Group>
    </Stack>
  );
}
