import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ApiError } from '../../../lib/http.ts';
import { useChangePassword } from '../api/account.ts';

export function PasswordForm() {
  const mutation = useChangePassword();
  const form = useForm({
    initialValues: { current_password: '', new_password: '', confirm: '' },
    validate: {
      current_password: (v) => (v ? null : 'Enter your current password'),
      new_password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      confirm: (v, values) => (v === values.new_password ? null : 'The passwords do not match'),
    },
  });
  const submit = form.onSubmit(({ current_password, new_password }) =>
    mutation.mutate(
      { current_password, new_password },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({ color: 'green', message: 'Your password is changed.' });
        },
        // a refused new password (422 on new_password) shows under that field, saying why
        onError: (err) =>
          form.setFieldError(
            err instanceof ApiError &&
              Array.isArray(err.detail) &&
              err.detail[0]?.loc?.includes('new_password')
              ? 'new_password'
              : 'current_password',
            err.message,
          ),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          required
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label="New password"
          description="At least 8 characters; a phrase of unrelated words (15 or more characters) is best"
          autoComplete="new-password"
          required
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label="Repeat the new password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={mutation.isPending} w="fit-content">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
