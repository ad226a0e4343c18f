import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TConnection, TConnectorSpec } from '@mapwright/contracts';
import Form from '@rjsf/mantine';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { IconCircleCheck, IconPlugConnectedX } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/http.ts';
import { useCreateConnection, useTestSettings } from '../api.ts';

type FormRef = { validateForm(): boolean } | null;

/** A 422's `body.settings.<field>` issues, as the form's per-field errors. */
function fieldErrors(err: unknown): ErrorSchema | undefined {
  if (!(err instanceof ApiError) || !Array.isArray(err.detail)) return undefined;
  const out: Record<string, { __errors: string[] }> = {};
  for (const d of err.detail) {
    const loc = d.loc ?? [];
    if (loc[0] === 'body' && loc[1] === 'settings' && loc[2] !== undefined)
      out[String(loc[2])] = { __errors: [d.msg] };
  }
  return Object.keys(out).length ? (out as ErrorSchema) : undefined;
}

/**
 * The connection form, generated from the connector's settings JSON Schema by react-jsonschema-form
 * (Mantine theme): the same schema the server validates with. Secret fields render as password
 * inputs; Test connection checks the unsaved settings and puts a failure on the field at fault.
 */
export function ConnectionFormModal({
  spec,
  role,
  onClose,
  onCreated,
}: {
  spec: TConnectorSpec | null;
  role: 'source' | 'destination';
  onClose: () => void;
  onCreated: (c: TConnection) => void;
}) {
  const [name, setName] = useState('');
  const [data, setData] = useState<Record<string, unknown>>({});
  const formRef = useRef<FormRef>(null);
  const test = useTestSettings();
  const create = useCreateConnection();
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    for (const f of spec?.secretFields ?? []) ui[f] = { 'ui:widget': 'password' };
    return ui;
  }, [spec]);
  if (!spec) return null;

  const testError: ErrorSchema | undefined =
    test.data && !test.data.ok && test.data.field
      ? ({ [test.data.field]: { __errors: [test.data.message ?? 'wrong'] } } as ErrorSchema)
      : undefined;
  const extraErrors = fieldErrors(create.error) ?? fieldErrors(test.error) ?? testError;

  const onTest = () => {
    if (!formRef.current?.validateForm()) return;
    test.mutate({ type: spec.type, settings: data });
  };
  const onSave = () => {
    if (!formRef.current?.validateForm()) return;
    create.mutate(
      { type: spec.type, name: name.trim() || spec.title, role, settings: data },
      { onSuccess: (c) => onCreated(c) },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Connect ${spec.title} as a ${role}`} size="lg">
      <Stack gap="md">
        <TextInput
          label="Connection name"
          description="How this connection appears in lists and syncs"
          placeholder={spec.title}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Form
          ref={formRef as never}
          schema={spec.settings as RJSFSchema}
          uiSchema={uiSchema}
          validator={validator}
          formData={data}
          onChange={(e) => {
            setData(e.formData ?? {});
            test.reset();
          }}
          extraErrors={extraErrors}
          showErrorList={false}
          noHtml5Validate
        />
        {test.data?.ok && (
          <Alert color="green" icon={<IconCircleCheck size={18} />} title="Connection works">
            <Text size="sm">The settings reach the {spec.title} and it accepted them.</Text>
          </Alert>
        )}
        {test.data && !test.data.ok && (
          <Alert color="red" icon={<IconPlugConnectedX size={18} />} title="Connection failed">
            <Text size="sm">{test.data.message}</Text>
          </Alert>
        )}
        {(create.error || test.error) && !extraErrors && (
          <Alert color="red" title="Could not save">
            <Text size="sm">{(create.error ?? test.error)?.message}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onTest} loading={test.isPending}>
            Test connection
          </Button>
          <Button onClick={onSave} loading={create.isPending}>
            Save connection
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
