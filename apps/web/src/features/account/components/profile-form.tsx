import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useUpdateMe } from '../api/account.ts';

export function ProfileForm({
  name,
  email,
  onSaved,
}: {
  name: string;
  email: string;
  onSaved: (name: string) => void;
}) {
  const mutation = useUpdateMe();
  const form = useForm({
    initialValues: { name },
    validate: { name: (v) => (v.trim() ? null : 'Enter your name') },
  });
  const submit = form.onSubmit((v) =>
    mutation.mutate(
      { name: v.name.trim() },
      {
        onSuccess: (user) => {
          onSaved(user.name);
          notifications.show({ color: 'green', message: 'Your name is saved.' });
        },
        onError: (err) => form.setFieldError('name', err.message),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email" value={email} readOnly disabled />
        <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          Save name
        </Button>
      </Stack>
    </form>
  );
}
