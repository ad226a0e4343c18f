import { Alert, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { storage } from '../../../lib/storage.ts';
import { verifyImpersonation } from '../api/impersonate.ts';
import { staffToken } from '../lib/staff-token.ts';
import { resetSession } from '../stores/session-store.ts';

/** Staff act as another user: the new token replaces ours and the session reloads as them. */
export function ImpersonationForm({ email, onDone }: { email: string; onDone: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { email, impersonate_email: '', reason: '' },
    validate: {
      email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email address'),
      impersonate_email: (v) => (/^\S+@\S+\.\S+$/.test(v) ? null : 'Enter a valid email address'),
      reason: (v) =>
        v.trim().length >= 3 ? null : 'Say why (a ticket or request): it is kept in the audit log',
    },
  });
  const submit = form.onSubmit(async (values) => {
    setError(null);
    setPending(true);
    try {
      const res = await verifyImpersonation({
        email: values.email.trim(),
        impersonate_email: values.impersonate_email.trim(),
        reason: values.reason.trim(),
      });
      // keep our own token for the banner's way back
      const own = storage.get('token');
      if (own) staffToken.set(own);
      storage.set('token', res.access_token);
      resetSession();
      onDone();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Impersonation failed');
    } finally {
      setPending(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={420}>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <TextInput label="Your email" type="email" required {...form.getInputProps('email')} />
        <TextInput
          label="Email of the user to impersonate"
          type="email"
          required
          {...form.getInputProps('impersonate_email')}
        />
        <Textarea
          label="Reason"
          description="Recorded in the audit log and shown to the user under Staff access."
          required
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('reason')}
        />
        <Button type="submit" loading={pending} w="fit-content">
          Impersonate
        </Button>
      </Stack>
    </form>
  );
}
