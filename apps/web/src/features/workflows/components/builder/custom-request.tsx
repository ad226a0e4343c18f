import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { HTTP_METHODS, type TCatalogueEndpoint } from '@mapwright/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

/** `{name}` segments of a path: its required path parameters. */
const pathParams = (path: string) => [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);

const VERBS = { GET: 'get', POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' } as const;

/** An endpoint the catalogue does not list (or an app without one), described by hand. */
export function customEndpoint(method: TCatalogueEndpoint['method'], path: string): TCatalogueEndpoint {
  const last =
    path
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .pop() ?? 'request';
  return {
    // verb + name, so the node is called after the resource (graph-model's nodeIdFor drops the verb)
    operationId: `${VERBS[method]}${last.charAt(0).toUpperCase()}${last.slice(1)}`.replace(
      /[^A-Za-z0-9_]/g,
      '_',
    ),
    method,
    path,
    summary: `${method} ${path}`,
    description: '',
    parameters: pathParams(path).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: null,
      schema: { type: 'string' },
    })),
    responseSchema: {},
    recordsPath: null,
    pagination: null,
  };
}

export function CustomRequestForm({ onAdd }: { onAdd: (ep: TCatalogueEndpoint) => void }) {
  const [method, setMethod] = useState<TCatalogueEndpoint['method']>('GET');
  const [path, setPath] = useState('');
  const error = path && !path.startsWith('/') ? 'Start the path with /' : null;
  return (
    <Stack gap={6}>
      <Text size="xs" fw={600}>
        Custom request
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Select
          size="xs"
          w={86}
          aria-label="Method"
          data={[...HTTP_METHODS]}
          value={method}
          onChange={(v) => v && setMethod(v as TCatalogueEndpoint['method'])}
          allowDeselect={false}
        />
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          aria-label="Path"
          placeholder="/v1/things/{id}"
          value={path}
          error={error}
          onChange={(e) => setPath(e.currentTarget.value.trim())}
        />
      </Group>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} aria-hidden />}
        disabled={!path || Boolean(error)}
        onClick={() => {
          onAdd(customEndpoint(method, path));
          setPath('');
        }}
      >
        Add request
      </Button>
    </Stack>
  );
}
