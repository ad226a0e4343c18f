import { ActionIcon, Button, Group, Menu, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TCatalogueEndpoint, TCatalogueParameter, TCustomNode } from '@mapwright/contracts';
import { IconLink, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { describeRef, fanOutRef, firstValueRef, recordFields, refsIn } from '../../lib/references.ts';

type TValue = string | number | boolean | null;
export interface TUpstream {
  node: TCustomNode;
  endpoint: TCatalogueEndpoint | undefined;
}

const show = (v: TValue | undefined) => (v === undefined || v === null ? '' : String(v));

/** "Take from an earlier node": every value of a field (one call each) or the first one. */
function RefMenu({
  name,
  upstream,
  onPick,
}: {
  name: string;
  upstream: TUpstream[];
  onPick: (v: string) => void;
}) {
  if (upstream.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={300}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Take ${name} from an earlier node`}>
          <IconLink size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        {upstream.map(({ node, endpoint }) => {
          const fields = endpoint ? recordFields(endpoint.responseSchema, endpoint.recordsPath) : ['id'];
          const likely = fields.filter((f) => f === 'id' || f.endsWith('_id') || f === name);
          return (
            <div key={node.id}>
              <Menu.Label>From {node.data.label || node.id}</Menu.Label>
              {(likely.length ? likely : fields.slice(0, 8)).map((f) => (
                <Menu.Item key={`all:${f}`} onClick={() => onPick(fanOutRef(node.id, f))}>
                  Every {f} (one call each)
                </Menu.Item>
              ))}
              {(likely.length ? likely : fields.slice(0, 3)).map((f) => (
                <Menu.Item key={`first:${f}`} onClick={() => onPick(firstValueRef(node.id, f))}>
                  First record's {f}
                </Menu.Item>
              ))}
            </div>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

function ParamInput({
  param,
  value,
  upstream,
  onChange,
  onRemove,
}: {
  param: Pick<TCatalogueParameter, 'name' | 'in' | 'required' | 'description' | 'schema'>;
  value: TValue | undefined;
  upstream: TUpstream[];
  onChange: (v: string) => void;
  onRemove?: () => void;
}) {
  const refs = refsIn(value);
  const options = (param.schema.enum as unknown[] | undefined)?.map(String);
  const label = `${param.name}${param.in === 'path' ? ' (path)' : ''}`;
  const description = refs.length
    ? `Takes ${refs.map(describeRef).join(', ')}`
    : (param.description ?? undefined);
  const right = (
    <Group gap={0} wrap="nowrap">
      <RefMenu name={param.name} upstream={upstream} onPick={onChange} />
      {onRemove && (
        <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${param.name}`} onClick={onRemove}>
          <IconX size={14} aria-hidden />
        </ActionIcon>
      )}
    </Group>
  );
  if (options && refs.length === 0)
    return (
      <Group gap={4} align="flex-end" wrap="nowrap">
        <Select
          style={{ flex: 1 }}
          size="xs"
          label={label}
          description={description}
          withAsterisk={param.required}
          data={options}
          value={show(value) || null}
          onChange={(v) => onChange(v ?? '')}
          placeholder="Any"
          clearable
        />
        {right}
      </Group>
    );
  return (
    <TextInput
      size="xs"
      label={label}
      description={description}
      withAsterisk={param.required}
      value={show(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      rightSection={right}
      rightSectionWidth={onRemove ? 56 : 32}
      styles={{ input: { fontFamily: refs.length ? 'var(--mantine-font-family-monospace)' : undefined } }}
    />
  );
}

/**
 * The node's path and query parameters: the catalogue's, then any others set. An empty optional
 * parameter is left out of the call.
 */
export function ParamsEditor({
  params,
  endpoint,
  upstream,
  onChange,
}: {
  params: Record<string, TValue>;
  endpoint: TCatalogueEndpoint | undefined;
  upstream: TUpstream[];
  onChange: (params: Record<string, TValue>) => void;
}) {
  const [extraName, setExtraName] = useState('');
  const known = new Set(endpoint?.parameters.map((p) => p.name));
  const set = (name: string, v: string, required: boolean) => {
    const next = { ...params };
    if (v === '' && !required) delete next[name];
    else next[name] = v;
    onChange(next);
  };
  const extras = Object.keys(params).filter((k) => !known.has(k));
  return (
    <Stack gap="xs">
      {(endpoint?.parameters ?? []).map((p) => (
        <ParamInput
          key={p.name}
          param={p}
          value={params[p.name]}
          upstream={upstream}
          onChange={(v) => set(p.name, v, p.required)}
        />
      ))}
      {extras.map((name) => (
        <ParamInput
          key={name}
          param={{ name, in: 'query', required: false, description: null, schema: {} }}
          value={params[name]}
          upstream={upstream}
          onChange={(v) => set(name, v, true)}
          onRemove={() => {
            const next = { ...params };
            delete next[name];
            onChange(next);
          }}
        />
      ))}
      {endpoint && endpoint.parameters.length === 0 && extras.length === 0 && (
        <Text size="xs" c="dimmed">
          This endpoint takes no parameters.
        </Text>
      )}
      <Group gap={4} align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          label="Another query parameter"
          placeholder="name"
          value={extraName}
          onChange={(e) => setExtraName(e.currentTarget.value)}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          disabled={!extraName.trim() || extraName.trim() in params}
          onClick={() => {
            onChange({ ...params, [extraName.trim()]: '' });
            setExtraName('');
          }}
        >
          Add
        </Button>
      </Group>
    </Stack>
  );
}
