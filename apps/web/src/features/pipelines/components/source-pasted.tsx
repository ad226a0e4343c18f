import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { fieldsOf, parseRecords } from '../lib/parse-json.ts';
import type { TSource } from '../lib/source.ts';

const EXAMPLE = `[
  { "order_id": "A-1001", "customer": "Ada Lovelace", "total": "1,250.00", "placed": "03/01/2026" },
  { "order_id": "A-1002", "customer": "Alan Turing", "total": "89.90", "placed": "03/02/2026" }
]`;

/** Records typed or pasted as JSON: checked as they are typed, with where a mistake is. */
export function PastedSource({
  text,
  onChange,
}: {
  text: string;
  onChange: (text: string, source: TSource | null) => void;
}) {
  const parsed = text.trim() ? parseRecords(text) : null;
  const update = (t: string) => {
    const p = t.trim() ? parseRecords(t) : null;
    onChange(t, p?.ok ? { kind: 'records', records: p.records, fields: fieldsOf(p.records) } : null);
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" fw={500} id="pasted-records-label">
          Source records
        </Text>
        <Button variant="subtle" size="compact-sm" onClick={() => update(EXAMPLE)}>
          Use an example
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        A JSON array of objects, one object, or JSON Lines (one object a line).
      </Text>
      <JsonEditor value={text} onChange={update} label="Source records (JSON)" height="240px" />
      {parsed && !parsed.ok && (
        <Group gap={6} c="red.8" role="alert" wrap="nowrap" align="flex-start">
          <IconAlertCircle size={16} style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          <Text size="sm">{parsed.error}</Text>
        </Group>
      )}
    </Stack>
  );
}
