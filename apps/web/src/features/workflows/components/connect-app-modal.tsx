import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TAuthenticatedApp, TCreateAuthenticatedAppRequest } from '@mapwright/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/http.ts';
import { useConnectApp } from '../api/authenticated-apps.ts';
import { fieldErrorsOf, isHttpUrl } from '../lib/apps-management.ts';

type TKind = TCreateAuthenticatedAppRequest['kind'];
interface TConnectForm {
  kind: TKind;
  name: string;
  logo: string;
  baseUrl: string;
  catalogueUrl: string;
  apiKey: string;
  headerName: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}
const EMPTY: TConnectForm = {
  kind: 'api_key',
  name: '',
  logo: '',
  baseUrl: '',
  catalogueUrl: '',
  apiKey: '',
  headerName: 'Authorization',
  tokenUrl: '',
  clientId: '',
  clientSecret: '',
  scope: '',
};
const FIELDS = new Set(Object.keys(EMPTY));

const required = (label: string) => (v: string) => (v.trim() ? null : `${label} is required`);
const httpUrl = (label: string) => (v: string) =>
  !v.trim() ? `${label} is required` : isHttpUrl(v) ? null : `${label} must be an http(s) URL`;
const onlyFor = (kind: TKind, check: (v: string) => string | null) => (v: string, values: TConnectForm) =>
  values.kind === kind ? check(v) : null;

/** The request for the chosen kind: only its fields, blanks left out. */
function requestOf(v: TConnectForm): TCreateAuthenticatedAppRequest {
  const base = {
    name: v.name.trim(),
    logo: v.logo.trim() || null,
    baseUrl: v.baseUrl.trim(),
    catalogueUrl: v.catalogueUrl.trim() || null,
  };
  return v.kind === 'api_key'
    ? { ...base, kind: 'api_key', apiKey: v.apiKey, headerName: v.headerName.trim() || 'Authorization' }
    : {
        ...base,
        kind: 'oauth2_client_credentials',
        tokenUrl: v.tokenUrl.trim(),
        clientId: v.clientId.trim(),
        clientSecret: v.clientSecret,
        scope: v.scope.trim() || null,
      };
}

/** "Connect an app": an API key or OAuth2 client credentials, checked here and by the server. */
export function ConnectAppModal({
  opened,
  onClose,
  onConnected,
}: {
  opened: boolean;
  onClose: () => void;
  onConnected: (app: TAuthenticatedApp) => void;
}) {
  const connect = useConnectApp();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<TConnectForm>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: {
      name: required('Name'),
      logo: (v) => (!v.trim() || isHttpUrl(v) ? null : 'Logo must be an http(s) URL, or left empty'),
      baseUrl: httpUrl('Base URL'),
      catalogueUrl: (v) =>
        !v.trim() || isHttpUrl(v) ? null : 'OpenAPI catalogue URL must be an http(s) URL, or left empty',
      apiKey: onlyFor('api_key', required('API key')),
      headerName: onlyFor('api_key', (v) =>
        !v.trim() || /^[A-Za-z0-9-]{1,100}$/.test(v.trim())
          ? null
          : 'Header name may hold only letters, digits and -',
      ),
      tokenUrl: onlyFor('oauth2_client_credentials', httpUrl('Token URL')),
      clientId: onlyFor('oauth2_client_credentials', required('Client ID')),
      clientSecret: onlyFor('oauth2_client_credentials', required('Client secret')),
    },
  });

  const close = () => {
    form.reset();
    setFormError(null);
    connect.reset();
    onClose();
  };

  const submit = form.onSubmit((values) => {
    setFormError(null);
    connect.mutate(requestOf(values), {
      onSuccess: (app) => {
        onConnected(app);
        close();
      },
      onError: (err) => {
        // a 422 names its fields by `loc` (["body", "baseUrl"]): show each message on its field
        const issues = err instanceof ApiError && Array.isArray(err.detail) ? err.detail : [];
        if (issues.length === 0) return setFormError(err.message);
        const { fields, general } = fieldErrorsOf(issues, FIELDS);
        form.setErrors(
          Object.fromEntries(
            Object.entries(fields).map(([k, m]) => [k, m.charAt(0).toUpperCase() + m.slice(1)]),
          ),
        );
        if (general.length) setFormError(general.join(', '));
      },
    });
  });

  const kind = form.values.kind;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Connect an app"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Text size="sm" fw={500} mb={4} id="connect-kind-label">
              How the app authenticates
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="connect-kind-label"
              data={[
                { value: 'api_key', label: 'API key' },
                { value: 'oauth2_client_credentials', label: 'OAuth2 client credentials' },
              ]}
              {...form.getInputProps('kind')}
              onChange={(v) => {
                form.setFieldValue('kind', v as TKind);
                form.clearErrors();
              }}
            />
          </div>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label="Name" placeholder="Acme Ledger" withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label="Logo URL"
              placeholder="https://… (optional: initials otherwise)"
              {...form.getInputProps('logo')}
            />
          </SimpleGrid>
          <TextInput
            label="Base URL"
            placeholder="https://api.example.com"
            description="Each node’s endpoint path is added to it"
            withAsterisk
            {...form.getInputProps('baseUrl')}
          />
          <TextInput
            label="OpenAPI catalogue URL"
            placeholder="https://api.example.com/openapi.json (optional)"
            description="An OpenAPI 3 document in JSON: its operations become this app’s endpoints in the builder’s palette. Fetched with the app’s credentials when it is on the base URL’s host."
            {...form.getInputProps('catalogueUrl')}
          />
          {kind === 'api_key' ? (
            <>
              <PasswordInput
                label="API key"
                withAsterisk
                autoComplete="off"
                description="Stored encrypted and never shown again"
                {...form.getInputProps('apiKey')}
              />
              <TextInput
                label="Header name"
                description="Authorization sends “Bearer <key>”; any other header sends the key as is"
                {...form.getInputProps('headerName')}
              />
            </>
          ) : (
            <>
              <TextInput
                label="Token URL"
                placeholder="https://auth.example.com/oauth/token"
                withAsterisk
                {...form.getInputProps('tokenUrl')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label="Client ID"
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps('clientId')}
                />
                <PasswordInput
                  label="Client secret"
                  withAsterisk
                  autoComplete="off"
                  {...form.getInputProps('clientSecret')}
                />
              </SimpleGrid>
              <TextInput
                label="Scope"
                placeholder="read:ledger (optional)"
                {...form.getInputProps('scope')}
              />
              <Text size="xs" c="dimmed">
                The client secret is stored encrypted and never shown again. A token is fetched from the token
                URL for each run.
              </Text>
            </>
          )}
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="Not connected">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={connect.isPending}>
              Connect app
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
