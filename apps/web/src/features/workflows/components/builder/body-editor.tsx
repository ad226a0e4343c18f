import { Stack, Text } from '@mantine/core';
import { JsonEditor } from '../../../../components/ui/json-editor.tsx';
import { useJsonText } from '../../hooks/use-json-text.ts';

/** The JSON body of a POST/PUT/PATCH node; strings in it may reference earlier nodes. */
export function BodyEditor({ body, onChange }: { body: unknown; onChange: (body: unknown) => void }) {
  const text = useJsonText(
    body,
    () => null,
    (v) => onChange(v ?? undefined),
  );
  return (
    <Stack gap={4}>
      <Text size="xs" fw={500}>
        Request body (JSON)
      </Text>
      <Text size="xs" c="dimmed">
        Strings may take values from earlier nodes, e.g. "{'{{nodes.entities.data[0].id}}'}".
      </Text>
      <JsonEditor value={text.text} onChange={text.set} label="Request body JSON" height="160px" />
      {text.error && (
        <Text size="xs" c="red.8" role="alert">
          Not applied: {text.error}
        </Text>
      )}
    </Stack>
  );
}
