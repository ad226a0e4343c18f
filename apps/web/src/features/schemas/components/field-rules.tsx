import { Group, List, NumberInput, Select, Stack, Text, Textarea, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TCheckValuesResponse } from '@mapwright/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { http, required as requiredData } from '../../../lib/http.ts';
import { fieldToSchema, type TField } from '../lib/field-tree.ts';

/** Formats a run checks (JSON Schema formats the validator knows), by what people call them. */
const FORMATS = [
  { value: 'email', label: 'E-mail address' },
  { value: 'uri', label: 'URL (uri)' },
  { value: 'uuid', label: 'UUID' },
  { value: 'hostname', label: 'Host name' },
  { value: 'ipv4', label: 'IPv4 address' },
  { value: 'ipv6', label: 'IPv6 address' },
  { value: 'time', label: 'Time (HH:MM:SS)' },
];

const patternProblem = (p: string) => {
  try {
    new RegExp(p, 'u');
    return null;
  } catch (err) {
    return `Not a valid pattern: ${(err as Error).message}`;
  }
};

/** A value typed into the preview as the field would get it: numbers and flags as themselves. */
function typed(text: string, type: TField['type']) {
  if ((type === 'number' || type === 'integer') && text.trim() !== '' && !Number.isNaN(Number(text)))
    return Number(text);
  if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
  return text;
}

/**
 * The rules a field's values must follow (format, pattern, lengths, range) and a preview of which
 * typed-in values pass, checked by the server with the validator a run uses.
 */
export function FieldRules({
  field,
  onExtra,
}: {
  field: TField;
  onExtra: (extra: Record<string, unknown>) => void;
}) {
  const put = (key: string, v: unknown) => {
    const next = { ...field.extra };
    if (v === undefined || v === null || v === '') delete next[key];
    else next[key] = v;
    onExtra(next);
  };
  const num = (key: string) => (typeof field.extra[key] === 'number' ? (field.extra[key] as number) : '');
  const asNumber = (v: string | number) => (v === '' ? undefined : Number(v));
  const text = field.type === 'string';
  const numeric = field.type === 'number' || field.type === 'integer';
  const pattern = typeof field.extra.pattern === 'string' ? field.extra.pattern : '';
  return (
    <Stack gap={6}>
      {text && (
        <Group gap="sm" grow align="flex-start">
          <Select
            label="Format"
            placeholder="Any text"
            data={FORMATS}
            value={typeof field.extra.format === 'string' ? field.extra.format : null}
            onChange={(v) => put('format', v ?? undefined)}
            clearable
            size="xs"
          />
          <TextInput
            label="Pattern"
            description="A regular expression the whole value must match"
            placeholder="^[A-Z]{3}$"
            value={pattern}
            onChange={(e) => put('pattern', e.currentTarget.value)}
            error={pattern ? patternProblem(pattern) : null}
            size="xs"
          />
        </Group>
      )}
      {text && (
        <Group gap="sm" grow>
          <NumberInput
            label="Shortest"
            min={0}
            value={num('minLength')}
            onChange={(v) => put('minLength', asNumber(v))}
            size="xs"
          />
          <NumberInput
            label="Longest"
            min={0}
            value={num('maxLength')}
            onChange={(v) => put('maxLength', asNumber(v))}
            size="xs"
          />
        </Group>
      )}
      {numeric && (
        <Group gap="sm" grow>
          <NumberInput
            label="Smallest"
            value={num('minimum')}
            onChange={(v) => put('minimum', asNumber(v))}
            size="xs"
          />
          <NumberInput
            label="Largest"
            value={num('maximum')}
            onChange={(v) => put('maximum', asNumber(v))}
            size="xs"
          />
        </Group>
      )}
      {field.type !== 'object' && field.type !== 'array' && <RulesPreview field={field} />}
    </Stack>
  );
}

function RulesPreview({ field }: { field: TField }) {
  const [text, setText] = useState('');
  const [values] = useDebouncedValue(
    text
      .split('\n')
      .map((v) => v.trim())
      .filter((v, i, all) => v !== '' && all.indexOf(v) === i)
      .slice(0, 50),
    300,
  );
  const schema = fieldToSchema(field);
  const q = useQuery({
    queryKey: ['check-values', schema, field.required, values],
    queryFn: async () =>
      requiredData(
        await http.post<TCheckValuesResponse>('/target_schemas/check_values', {
          field: schema,
          required: field.required,
          values: values.map((v) => typed(v, field.type)),
        }),
      ),
    enabled:
      values.length > 0 && !(typeof field.extra.pattern === 'string' && patternProblem(field.extra.pattern)),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap={4}>
      <Textarea
        label="Try values"
        description="One per line: see which pass these rules, as a run would check them"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        autosize
        minRows={2}
        maxRows={6}
        size="xs"
      />
      {values.length > 0 && q.data && (
        <List spacing={2} size="xs" aria-label={`Preview of ${field.name || 'the field'}`}>
          {q.data.results.map((r) => (
            <List.Item
              key={String(r.value)}
              icon={
                <ThemeIcon size={16} radius="xl" color={r.ok ? 'green' : 'red'} variant="light">
                  {r.ok ? <IconCheck size={11} aria-hidden /> : <IconX size={11} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text size="xs" span fw={500}>
                {String(r.value)}
              </Text>
              <Text size="xs" span c={r.ok ? 'green.9' : 'red.8'}>
                {r.ok ? ' passes' : ` fails: ${r.message}`}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
