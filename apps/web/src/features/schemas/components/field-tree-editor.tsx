import {
  ActionIcon,
  Box,
  Button,
  Checkbox,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import {
  addField,
  FIELD_TYPES,
  freshName,
  hasChildren,
  newField,
  removeField,
  type TField,
  type TFieldTree,
  type TFieldType,
  updateField,
} from '../lib/field-tree.ts';
import { FieldRules } from './field-rules.tsx';

const TYPE_LABELS: Record<TFieldType, string> = {
  string: 'Text (string)',
  number: 'Number',
  integer: 'Integer',
  boolean: 'Yes/no (boolean)',
  date: 'Date',
  'date-time': 'Date and time',
  object: 'Object (nested fields)',
  array: 'List (array)',
};
const TYPE_OPTIONS = FIELD_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

interface TTreeProps {
  tree: TFieldTree;
  onChange: (next: TFieldTree) => void;
  /** messages per field id: local name checks and the server's 422 answers */
  issues: Map<string, string[]>;
}

/** The schema as a tree of fields: add, rename, retype, nest, require, describe, enumerate, delete. */
export function FieldTreeEditor({ tree, onChange, issues }: TTreeProps) {
  const add = (parentId: string | null, siblings: TField[]) =>
    onChange(addField(tree, parentId, newField(freshName(siblings))));
  return (
    <Stack gap={6}>
      {tree.fields.length === 0 && (
        <Text size="sm" c="dimmed" py="sm">
          No fields yet. Add the first one.
        </Text>
      )}
      {tree.fields.map((f) => (
        <FieldRow
          key={f.id}
          field={f}
          depth={0}
          tree={tree}
          onChange={onChange}
          issues={issues}
          onAdd={add}
        />
      ))}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => add(null, tree.fields)}
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}

function FieldRow({
  field: f,
  depth,
  tree,
  onChange,
  issues,
  onAdd,
}: TTreeProps & {
  field: TField;
  depth: number;
  onAdd: (parentId: string | null, siblings: TField[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const set = (patch: Partial<TField>) => onChange(updateField(tree, f.id, patch));
  const messages = issues.get(f.id) ?? [];
  const nested = hasChildren(f);
  const label = f.name || 'unnamed';
  return (
    <Box
      ml={depth ? 20 : 0}
      pl={depth ? 10 : 0}
      style={depth ? { borderLeft: '2px solid var(--mantine-color-gray-3)' } : undefined}
    >
      <Paper
        withBorder
        radius="sm"
        p={8}
        role="group"
        aria-label={`Field ${label}`}
        style={messages.length ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <Group gap={8} wrap="wrap" align="center">
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setOpen((o) => !o)}
            aria-label={open ? `Hide details of ${label}` : `Show details of ${label}`}
            aria-expanded={open}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
          <TextInput
            aria-label="Name"
            value={f.name}
            onChange={(e) => set({ name: e.currentTarget.value })}
            size="xs"
            w={180}
            error={messages.length > 0}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Select
            aria-label="Type"
            data={TYPE_OPTIONS}
            value={f.type}
            onChange={(v) => v && set({ type: v as TFieldType })}
            allowDeselect={false}
            size="xs"
            w={170}
          />
          {f.type === 'array' && (
            <Select
              aria-label="Item type"
              data={TYPE_OPTIONS.filter((o) => o.value !== 'array')}
              value={f.itemType}
              onChange={(v) => v && set({ itemType: v as TFieldType })}
              allowDeselect={false}
              size="xs"
              w={170}
              leftSection={<Text size="xs">of</Text>}
            />
          )}
          <Checkbox
            label="Required"
            checked={f.required}
            onChange={(e) => set({ required: e.currentTarget.checked })}
            size="xs"
          />
          <Group gap={4} ml="auto">
            {nested && (
              <Tooltip label={`Add a field inside ${label}`}>
                <ActionIcon
                  variant="subtle"
                  onClick={() => {
                    onAdd(f.id, f.children);
                  }}
                  aria-label={`Add a field inside ${label}`}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={`Delete ${label}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => onChange(removeField(tree, f.id))}
                aria-label={`Delete ${label}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        {messages.map((m) => (
          <Text key={m} size="xs" c="red.8" mt={4} role="alert">
            {m}
          </Text>
        ))}
        <Collapse expanded={open}>
          <Stack gap={6} mt={8} pl={34}>
            <Textarea
              label="Description"
              value={f.description}
              onChange={(e) => set({ description: e.currentTarget.value })}
              size="xs"
              autosize
              minRows={1}
              maxRows={4}
            />
            {!nested && f.type !== 'array' && (
              <TagsInput
                label="Allowed values"
                description="Leave empty to allow any value; press Enter after each"
                value={f.enumValues}
                onChange={(v) => set({ enumValues: v })}
                size="xs"
                clearable
              />
            )}
            <Checkbox
              label="May be null"
              checked={f.nullable}
              onChange={(e) => set({ nullable: e.currentTarget.checked })}
              size="xs"
            />
            <FieldRules field={f} onExtra={(extra) => set({ extra })} />
          </Stack>
        </Collapse>
      </Paper>
      {nested && (
        <Stack gap={6} mt={6}>
          {f.children.map((c) => (
            <FieldRow
              key={c.id}
              field={c}
              depth={depth + 1}
              tree={tree}
              onChange={onChange}
              issues={issues}
              onAdd={onAdd}
            />
          ))}
          {f.children.length === 0 && (
            <Text size="xs" c="dimmed" ml={30}>
              No fields inside {label} yet.
            </Text>
          )}
        </Stack>
      )}
    </Box>
  );
}
