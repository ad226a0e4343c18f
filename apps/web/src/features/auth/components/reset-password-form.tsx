import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http.ts';
import { useResetPassword } from '../api/password-reset.ts';

const BAD_TOKEN = 'This link is invalid or has expired. Request a new one from "Forgot password".';

export function ResetPasswordForm({ token }: { token: string | null }) {
  const mutation = useResetPassword();
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => (v.length >= 8 ? null : 'Use at least 8 characters'),
      confirm: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });

  if (!token) {
    return (
      <Stack gap="sm">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {BAD_TOKEN}
        </Alert>
        <Anchor component={Link} to="/auth/forgot-password" size="sm">
          Request a new link
        </Anchor>
      </Stack>
    );
  }
  if (mutation.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
          Your password is set. You can sign in with it now.
        </Alert>
        <Button component={Link} to="/auth/login" fullWidth>
          Go to sign in
        </Button>
      </Stack>
    );
  }
  const errorText =
    mutation.error instanceof ApiError && mutation.error.detail === 'RESET_PASSWORD_BAD_TOKEN'
      ? BAD_TOKEN
      : mutation.error?.message;
  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate({ token, password: v.password }))} noValidate>
      <Stack gap="sm">
        {errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText}
          </Alert>
        )}
        <PasswordInput
          label="New password"
          description="At least 8 characters; a phrase of unrelated words (15 or more characters) is best"
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label="Repeat the password"
          autoComplete="new-password"
          required
          {...form.getInputProps('confirm')}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Set password
        </Button>
      </Stack>
    </form>
  );
}
