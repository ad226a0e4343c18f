import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';

/**
 * Asks for a new workflow's name before its first save (a test run saves it too): a workflow is
 * never saved under a placeholder name nobody chose.
 */
export function NamePrompt({
  opened,
  action,
  onCancel,
  onName,
}: {
  opened: boolean;
  /** what the button does once named: "Save", "Save as draft", "Test run" */
  action: string;
  onCancel: () => void;
  onName: (name: string) => void;
}) {
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const blank = name.trim() === '';
  function submit() {
    setTried(true);
    if (!blank) onName(name.trim());
  }
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={
        <Text component="span" fw={700} fz="lg">
          Name this workflow
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Workflow name"
            description="It is saved under this name; you can rename it later."
            placeholder="e.g. Cards of primary entities"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={tried && blank ? 'Give the workflow a name' : undefined}
            maxLength={200}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">{action}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
