import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { useInviteUser } from '../api/users.ts';

export interface TRoleOption {
  id: string;
  name: string;
}

/** The invite link lets the new member choose a password; it is shown here once. */
export function InviteUserModal({
  opened,
  onClose,
  roles,
}: {
  opened: boolean;
  onClose: () => void;
  roles: TRoleOption[];
}) {
  const invite = useInviteUser();
  const defaultRole = roles.find((r) => r.name === 'member')?.id ?? roles[0]?.id ?? '';
  const form = useForm({
    initialValues: { email: '', name: '', role_id: defaultRole },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email address'),
      name: (v) => (v.trim() ? null : 'Enter a name'),
      role_id: (v) => (v ? null : 'Choose a role'),
    },
  });
  const close = () => {
    invite.reset();
    form.reset();
    onClose();
  };
  const link = invite.data?.invite_link;
  const absoluteLink = link && (/^https?:/.test(link) ? link : `${window.location.origin}${link}`);

  return (
    <Modal opened={opened} onClose={close} title={link ? 'Invitation created' : 'Invite a member'} size="md">
      {absoluteLink ? (
        <Stack gap="sm">
          <Alert color="green" icon={<IconCircleCheck size={18} />}>
            {invite.data?.user.name} can join with this link. Send it to them — it is shown only once.
          </Alert>
          <CopyField value={absoluteLink} label="Invite link" />
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={form.onSubmit((v) => invite.mutate({ ...v, email: v.email.trim(), name: v.name.trim() }))}
          noValidate
        >
          <Stack gap="sm">
            {invite.isError && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {invite.error.message}
              </Alert>
            )}
            <TextInput label="Email" type="email" required data-autofocus {...form.getInputProps('email')} />
            <TextInput label="Name" required {...form.getInputProps('name')} />
            <Select
              label="Role"
              required
              allowDeselect={false}
              data={roles.map((r) => ({ value: r.id, label: r.name }))}
              {...form.getInputProps('role_id')}
            />
            <Text size="xs" c="dimmed">
              Owners and admins manage members and API keys; members work with data; viewers only look.
            </Text>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={invite.isPending}>
                Create invitation
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
