import { Alert, Badge, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useDisableTotp, useEnableTotp, useSetupTotp } from '../api/account.ts';
import { TotpQr } from './totp-qr.tsx';

const isCode = (v: string) => /^\d{6}$/.test(v);

export function TotpSettings({
  enabled,
  onChanged,
}: {
  enabled: boolean;
  onChanged: (enabled: boolean) => void;
}) {
  const setup = useSetupTotp();
  const enable = useEnableTotp();
  const disable = useDisableTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const confirm = (action: typeof enable, next: boolean) => {
    if (!isCode(code)) return setError('The code has 6 digits');
    setError(null);
    action.mutate(code, {
      onSuccess: () => {
        setCode('');
        setup.reset();
        onChanged(next);
        notifications.show({
          color: 'green',
          message: next ? 'Two-factor sign-in is on.' : 'Two-factor sign-in is off.',
        });
      },
      onError: (err) => setError(err.message),
    });
  };
  const codeInput = (
    <TextInput
      label="Code from your authenticator app"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={code}
      error={error}
      onChange={(e) => setCode(e.currentTarget.value.trim())}
      w={260}
    />
  );

  if (enabled) {
    return (
      <Stack gap="sm">
        <Group gap="xs">
          <IconShieldCheck size={18} color="var(--mantine-color-green-7)" aria-hidden />
          <Text size="sm">Two-factor sign-in is</Text>
          <Badge color="green">on</Badge>
        </Group>
        <Text size="sm" c="dimmed">
          To turn it off, confirm with a current code.
        </Text>
        {codeInput}
        <Button
          color="red"
          variant="light"
          w="fit-content"
          loading={disable.isPending}
          onClick={() => confirm(disable, false)}
        >
          Turn off two-factor sign-in
        </Button>
      </Stack>
    );
  }
  if (!setup.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Protect your account with a second step at sign-in: a 6-digit code from an authenticator app.
        </Text>
        {setup.isError && <Alert color="red">{setup.error.message}</Alert>}
        <Button loading={setup.isPending} onClick={() => setup.mutate()}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm">
        Scan the code with your authenticator app, or add the key by hand. Then enter the code it shows.
      </Text>
      <TotpQr url={setup.data.otpauth_url} />
      <Text size="xs" c="dimmed">
        Key
      </Text>
      <Code data-testid="totp-secret">{setup.data.secret}</Code>
      <Text size="xs" c="dimmed">
        Setup URL
      </Text>
      <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {setup.data.otpauth_url}
      </Code>
      {codeInput}
      <Button w="fit-content" loading={enable.isPending} onClick={() => confirm(enable, true)}>
        Turn on
      </Button>
    </Stack>
  );
}
