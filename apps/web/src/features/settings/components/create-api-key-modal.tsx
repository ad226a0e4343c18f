import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconAlertTriangle } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { useCreateApiKey } from '../api/api-keys.ts';

/** The key itself exists only in this answer; after closing, only its prefix is known. */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateApiKey();
  const form = useForm({
    initialValues: { name: '' },
    validate: { name: (v) => (v.trim() ? null : 'Name the key after what will use it') },
  });
  const close = () => {
    create.reset();
    form.reset();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={create.data ? 'Copy your new API key' : 'Create an API key'}
      size="md"
      closeOnClickOutside={!create.data}
    >
      {create.data ? (
        <Stack gap="sm">
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="Shown only once">
            Copy this key now and keep it somewhere safe. You won't be able to see it again.
          </Alert>
          <CopyField value={create.data.key} label="API key" />
          <Group justify="flex-end">
            <Button onClick={close}>I have copied it</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((v) => create.mutate(v.name.trim()))} noValidate>
          <Stack gap="sm">
            {create.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {create.error.message}
              </Alert>
            )}
            <TextInput
              label="Name"
              description="For example the script or service that will use it"
              required
              data-autofocus
              {...form.getInputProps('name')}
            />
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
