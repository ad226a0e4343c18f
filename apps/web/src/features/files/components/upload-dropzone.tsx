import { Alert, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertCircle, IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { type Ref, useId } from 'react';
import type { TUploadProgress } from '../lib/xhr-upload.ts';
import { UploadProgress } from './upload-progress.tsx';
import './styles.ts';

/** Drop or pick files; each becomes a new file (version 1). Shows the upload under way and why one was refused. */
export function UploadDropzone({
  onFiles,
  uploading,
  progress,
  batch,
  error,
  onDismissError,
  openRef,
}: {
  /** set to a function that opens the file picker (for buttons elsewhere, e.g. the empty state) */
  openRef?: Ref<() => void>;
  onFiles: (files: File[]) => void;
  uploading: boolean;
  progress: TUploadProgress | null;
  batch: { index: number; count: number; name: string } | null;
  error: string | null;
  onDismissError: () => void;
}) {
  const titleId = useId();
  const hintId = useId();
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={onFiles}
        openRef={openRef}
        disabled={uploading}
        radius="md"
        p="md"
        inputProps={{ 'aria-label': 'Choose files to upload' }}
        // react-dropzone marks its focusable root "presentation"; a group (not a button, which may
        // not hold the file input) named by its own title tells screen readers what it is
        role="group"
        aria-labelledby={titleId}
        aria-describedby={hintId}
        aria-disabled={uploading}
      >
        <Group justify="center" gap="md" mih={72} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <Dropzone.Accept>
              <IconUpload size={22} />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={22} />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconCloudUpload size={22} />
            </Dropzone.Idle>
          </ThemeIcon>
          <div>
            <Text fw={600} id={titleId}>
              {uploading ? 'Uploading…' : 'Drag files here, or click to choose them'}
            </Text>
            <Text size="sm" c="dimmed" id={hintId}>
              CSV, TSV, Excel, JSON, JSON Lines or Parquet. Each file starts at version 1; add later versions
              from its menu.
            </Text>
          </div>
        </Group>
      </Dropzone>
      {uploading && batch && (
        <UploadProgress title={`Uploading ${batch.name}`} progress={progress} batch={batch} />
      )}
      {error && !uploading && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title="Upload refused"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss upload error"
          onClose={onDismissError}
        >
          {error}
        </Alert>
      )}
    </Stack>
  );
}
