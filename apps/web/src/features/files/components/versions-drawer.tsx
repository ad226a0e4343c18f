import { Alert, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import type { TFileVersion } from '@mapwright/contracts';
import { IconAlertCircle, IconUpload } from '@tabler/icons-react';
import { ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { plural } from '../lib/format.ts';
import { UploadProgress } from './upload-progress.tsx';
import type { TFileManager } from './use-file-manager.ts';
import { VersionItem } from './version-item.tsx';
import './styles.ts';
import { notify } from './notify.ts';

/** Every version of the open file, newest first: pick the current one, label it, download it, add one. */
export function VersionsDrawer({
  fm,
  onPickNewVersion,
  onDownload,
}: {
  fm: TFileManager;
  onPickNewVersion: () => void;
  onDownload: (version: TFileVersion) => void;
}) {
  const file = fm.openFile;
  const versions = fm.versionsQuery;
  const uploading = fm.uploadVersion.isPending;

  const makeCurrent = (v: TFileVersion) =>
    file &&
    fm.setCurrent.mutate(
      { fileId: file.id, versionId: v.id },
      {
        // the Current badge moves in place; a notification would cover the drawer
        onError: (err) =>
          notify({
            color: 'red',
            title: 'The current version did not change',
            message: err.message,
          }),
      },
    );

  const save = (v: TFileVersion, values: { label: string; notes: string }) =>
    file &&
    fm.updateVersion.mutate(
      { fileId: file.id, versionId: v.id, ...values },
      {
        // the saved label and notes show in place: no notification to cover the drawer
        onSuccess: () => fm.setEditedVersion(null),
      },
    );

  return (
    <Drawer
      opened={Boolean(file)}
      onClose={fm.closeVersions}
      position="right"
      size="lg"
      title={
        <Text span fw={700} truncate="end" maw={420} title={file?.name} display="block">
          Versions of {file?.name}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close versions' }}
    >
      {file && (
        <Stack gap="md">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {plural(file.versions_count, 'version')}
              {fm.currentFileVersion ? ` · imports read v${fm.currentFileVersion.number} by default` : ''}
            </Text>
            <Button
              size="xs"
              leftSection={<IconUpload size={14} />}
              onClick={onPickNewVersion}
              loading={uploading}
            >
              Upload new version
            </Button>
          </Group>
          {uploading && fm.uploadVersion.variables && (
            <UploadProgress
              title={`Uploading ${fm.uploadVersion.variables.file.name} as a new version`}
              progress={fm.uploadVersion.progress}
            />
          )}
          {fm.uploadVersion.isError && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} />}
              title="New version refused"
              role="alert"
              withCloseButton
              closeButtonLabel="Dismiss upload error"
              onClose={() => fm.uploadVersion.reset()}
            >
              {fm.uploadVersion.error.message}
            </Alert>
          )}
          {versions.isPending ? (
            <LoadingBlock label="Loading versions…" />
          ) : versions.isError ? (
            <ErrorBlock error={versions.error} onRetry={() => void versions.refetch()} />
          ) : (
            <Stack gap="sm">
              {versions.data.items.map((v) => (
                <VersionItem
                  key={v.id}
                  version={v}
                  editing={fm.editedVersion?.id === v.id}
                  saving={fm.updateVersion.isPending && fm.updateVersion.variables?.versionId === v.id}
                  saveError={
                    fm.updateVersion.isError && fm.updateVersion.variables?.versionId === v.id
                      ? fm.updateVersion.error.message
                      : null
                  }
                  makingCurrent={fm.setCurrent.isPending && fm.setCurrent.variables?.versionId === v.id}
                  onMakeCurrent={() => makeCurrent(v)}
                  onEdit={() => {
                    fm.updateVersion.reset();
                    fm.setEditedVersion(v);
                  }}
                  onCancelEdit={() => fm.setEditedVersion(null)}
                  onSave={(values) => save(v, values)}
                  onDownload={() => onDownload(v)}
                />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
