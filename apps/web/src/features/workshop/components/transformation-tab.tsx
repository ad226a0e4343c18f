import { Button, CopyButton, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { JsonEditor } from '../../../components/ui/json-editor.tsx';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useTransformation } from '../api/transformation.ts';

/** The draft as generated code: one JSONata expression (same output as the engine), or the spec per field. */
export function TransformationTab({ workshopId }: { workshopId: string }) {
  const q = useTransformation(workshopId, true);
  const [view, setView] = useState<'jsonata' | 'spec'>('jsonata');
  if (q.isPending) return <LoadingBlock label="Generating the transformation…" />;
  if (q.isError) return <ErrorBlock error={q.error} onRetry={() => void q.refetch()} />;
  const text = view === 'jsonata' ? q.data.jsonata : JSON.stringify(q.data.spec, null, 2);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2} fz="md">
            Transformation
          </Title>
          <Text size="sm" c="dimmed">
            The draft mapping as code: one JSONata expression gives the same records as the engine.
          </Text>
        </div>
        <Group gap="sm">
          <SegmentedControl
            size="sm"
            value={view}
            onChange={(v) => setView(v as 'jsonata' | 'spec')}
            data={[
              { value: 'jsonata', label: 'JSONata' },
              { value: 'spec', label: 'Spec per field' },
            ]}
            aria-label="Transformation format"
          />
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                variant="default"
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      </Group>
      <JsonEditor
        value={text}
        label={view === 'jsonata' ? 'Generated JSONata' : 'Spec per target field'}
        readOnly
        language={view === 'jsonata' ? 'plain' : 'json'}
        height="520px"
      />
    </Stack>
  );
}
