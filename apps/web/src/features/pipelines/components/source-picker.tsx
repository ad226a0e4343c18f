import { Alert, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { describeSource, type TSource } from '../lib/source.ts';
import { DatasetSource } from './source-dataset.tsx';
import { FileSource } from './source-file.tsx';
import { PastedSource } from './source-pasted.tsx';

export type TSourceKind = TSource['kind'];
export interface TSourceDraft {
  kind: TSourceKind;
  /** pasted text is kept when switching tabs, so nothing typed is lost */
  text: string;
  source: TSource | null;
}
export const EMPTY_SOURCE_DRAFT: TSourceDraft = { kind: 'records', text: '', source: null };

/** Source records from pasted JSON, an uploaded file (imported on the way) or a project's dataset. */
export function SourcePicker({
  draft,
  onChange,
  projectId,
}: {
  draft: TSourceDraft;
  onChange: (d: TSourceDraft) => void;
  /** the project the wizard was opened from: uploads join it, its datasets are offered first */
  projectId?: string;
}) {
  const ready = draft.source && draft.source.kind === draft.kind ? draft.source : null;
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Source"
        value={draft.kind}
        onChange={(kind) => onChange({ ...draft, kind: kind as TSourceKind, source: null })}
        data={[
          { value: 'records', label: 'Paste JSON' },
          { value: 'file', label: 'Upload a file' },
          { value: 'dataset', label: 'Project dataset' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {draft.kind === 'records' && (
        <PastedSource text={draft.text} onChange={(text, source) => onChange({ ...draft, text, source })} />
      )}
      {draft.kind === 'file' && (
        <FileSource projectId={projectId} onReady={(source) => onChange({ ...draft, source })} />
      )}
      {draft.kind === 'dataset' && (
        <DatasetSource
          value={ready?.kind === 'dataset' ? ready : null}
          defaultProjectId={projectId}
          onChange={(source) => onChange({ ...draft, source })}
        />
      )}
      {ready && (
        <Alert color="green" icon={<IconCircleCheck size={18} />} title="Source ready" aria-live="polite">
          <Text size="sm">{describeSource(ready)}</Text>
          {ready.fields.length > 0 && (
            <Group gap={6} mt={6}>
              <Text size="xs" c="dimmed">
                Fields:
              </Text>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {ready.fields.slice(0, 12).join(', ')}
                {ready.fields.length > 12 ? ` and ${(ready.fields.length - 12).toLocaleString()} more` : ''}
              </Text>
            </Group>
          )}
        </Alert>
      )}
    </Stack>
  );
}
