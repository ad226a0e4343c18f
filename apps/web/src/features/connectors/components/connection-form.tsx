import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TConnection, TConnectorSpec } from '@mapwright/contracts';
import Form from '@rjsf/mantine';
import type { ErrorSchema, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
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

type Prop = { title?: string; oneOf?: unknown[]; 'x-choices'?: string };
const propsOf = (spec: TConnectorSpec | null) =>
  ((spec?.settings as { properties?: Record<string, Prop> } | undefined)?.properties ?? {}) as Record<
    string,
    Prop
  >;
const CHOICE_PLACEHOLDERS: Record<string, string> = {
  datasets: 'Choose a dataset…',
  files: 'Choose a file…',
};

/**
 * The form's defaults: rjsf would take the first `oneOf` option's `const` as a select's default,
 * so a picker of the organization's datasets or files would open with the first one chosen and a
 * user who did not look would sync the wrong one. Picks start empty.
 */
const DEFAULTS = { constAsDefaults: 'skipOneOf' } as const;

/** A missing required setting, named by its title (the form's own wording is ajv's). */
function transformErrors(props: Record<string, Prop>) {
  return (errors: RJSFValidationError[]) =>
    errors.map((e) => {
      if (e.name !== 'required') return e;
      const key = String(e.params?.missingProperty ?? '');
      return { ...e, message: `${props[key]?.title ?? key} is required` };
    });
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
    for (const [f, prop] of Object.entries(propsOf(spec))) {
      if (!prop.oneOf) continue;
      const kind = prop['x-choices'] ?? '';
      ui[f] = {
        'ui:placeholder': CHOICE_PLACEHOLDERS[kind] ?? `Choose a ${(prop.title ?? f).toLowerCase()}…`,
      };
    }
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
          experimental_defaultFormStateBehavior={DEFAULTS}
          transformErrors={transformErrors(propsOf(spec))}
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
