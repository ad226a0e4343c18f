import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/http.ts';
import { storage } from '../../../lib/storage.ts';
import { useLogin } from '../api/login.ts';
import { resetSession } from '../stores/session-store.ts';

const LOGIN_ERRORS: Record<string, string> = {
  LOGIN_BAD_CREDENTIALS: 'Wrong email or password.',
  LOGIN_TOTP_REQUIRED: 'Enter the 6-digit code from your authenticator app to finish signing in.',
  LOGIN_TOTP_INVALID: 'That code is not valid. Enter the current code from your authenticator app.',
};

export function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return 'Too many sign-in attempts. Wait a minute and try again.';
    if (typeof err.detail === 'string' && LOGIN_ERRORS[err.detail]) return LOGIN_ERRORS[err.detail]!;
    return err.message;
  }
  return 'Could not reach the server. Check your connection and try again.';
}

export function LoginForm({ notice, onLoggedIn }: { notice?: string; onLoggedIn: () => void }) {
  const [showCode, setShowCode] = useState(false);
  const [error, setError] = useState<{ text: string; isPrompt: boolean } | null>(null);
  const login = useLogin();
  const form = useForm({
    initialValues: { email: '', password: '', token: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email address'),
      password: (v) => (v ? null : 'Enter your password'),
      token: (v) => (!showCode || /^\d{6}$/.test(v) ? null : 'The code has 6 digits'),
    },
  });

  const submit = form.onSubmit((values) => {
    setError(null);
    login.mutate(
      { email: values.email.trim(), password: values.password, token: showCode ? values.token : undefined },
      {
        onSuccess: (res) => {
          storage.set('token', res.access_token);
          resetSession();
          onLoggedIn();
        },
        onError: (err) => {
          const required = err instanceof ApiError && err.detail === 'LOGIN_TOTP_REQUIRED';
          if (required) setShowCode(true);
          setError({ text: loginErrorMessage(err), isPrompt: required });
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {notice && !error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert
            color={error.isPrompt ? 'blue' : 'red'}
            icon={error.isPrompt ? <IconInfoCircle size={18} /> : <IconAlertCircle size={18} />}
            role="alert"
          >
            {error.text}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          required
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        {showCode && (
          <TextInput
            label="Authenticator code"
            description="The 6-digit code from your authenticator app"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.getInputProps('token')}
          />
        )}
        <Group justify="space-between" mt={4}>
          <Anchor component={Link} to="/auth/forgot-password" size="sm">
            Forgot password?
          </Anchor>
          {!showCode && (
            <Anchor component="button" type="button" size="sm" onClick={() => setShowCode(true)}>
              Use an authenticator code
            </Anchor>
          )}
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth mt="xs">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
