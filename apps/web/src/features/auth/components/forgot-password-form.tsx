import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useForgotPassword } from '../api/password-reset.ts';

export function ForgotPasswordForm() {
  const mutation = useForgotPassword();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email address') },
  });

  if (mutation.isSuccess) {
    return (
      <Stack gap="sm">
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          {mutation.data?.detail ??
            'If an account exists for that email, we have sent a link to reset the password.'}
        </Alert>
        <Anchor component={Link} to="/auth/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    );
  }
  return (
    <form onSubmit={form.onSubmit((v) => mutation.mutate(v.email.trim()))} noValidate>
      <Stack gap="sm">
        {mutation.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {mutation.error.message}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          Enter the email you sign in with and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <Button type="submit" loading={mutation.isPending} fullWidth>
          Send reset link
        </Button>
        <Anchor component={Link} to="/auth/login" size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </form>
  );
}
