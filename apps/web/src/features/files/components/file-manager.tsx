import { Button, Group, Loader, Paper, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TFile, TFileVersion } from '@mapwright/contracts';
import { IconFiles, IconSearch, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Pager } from '../../../components/ui/pager.tsx';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '../../../components/ui/query-state.tsx';
import { useProjectNames } from '../api/project-names.ts';
import { downloadFile } from '../lib/download.ts';
import { plural } from '../lib/format.ts';
import { rangeLabel } from '../lib/pagination.ts';
import { FilesTable } from './files-table.tsx';
import { ImportSheetModal } from './import-sheet-modal.tsx';
import { notify, notifyUpdate } from './notify.ts';
import { RenameFileModal } from './rename-file-modal.tsx';
import { UploadDropzone } from './upload-dropzone.tsx';
import { type TFileOp, useFileManager } from './use-file-manager.ts';
import { useImportFile } from './use-import-file.ts';
import { VersionsDrawer } from './versions-drawer.tsx';

const BUSY_LABEL: Partial<Record<TFileOp, string>> = {
  create: 'Uploading…',
  currentVersion: 'Changing the current version…',
  edit: 'Saving…',
  delete: 'Deleting…',
};

/**
 * Files and their versions: upload (drop or pick, with progress), a paginated list, new versions,
 * the current version, labels and notes, rename, download and delete. Scoped to a project when
 * `projectId` is given; otherwise it lists every file and names each one's project.
 */
export function FileManager({ projectId }: { projectId?: string }) {
  const fm = useFileManager(projectId);
  const names = useProjectNames(!projectId);
  const [renaming, setRenaming] = useState<TFile | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const versionInput = useRef<HTMLInputElement>(null);
  const versionTarget = useRef<TFile | null>(null);
  const openPicker = useRef<() => void>(null);
  const { filesQuery, pagination, status } = fm;
  const busy = (Object.keys(BUSY_LABEL) as TFileOp[]).find((op) => status[op] === 'loading');
  const imports = useImportFile(setAnnouncement);

  const upload = async (list: File[]) => {
    if (list.length === 0) return;
    setAnnouncement(`Uploading ${plural(list.length, 'file')}`);
    const done = await fm.uploadFiles(list);
    if (done.length === 0) return setAnnouncement('The upload was refused');
    const what = done.length === 1 ? (done[0]?.name ?? 'The file') : plural(done.length, 'file');
    notify({ color: 'green', message: `${what} uploaded.` });
    setAnnouncement(`${what} uploaded`);
  };

  // the menu item and the drawer button both open the same picker; it remembers which file
  const pickNewVersion = (file: TFile) => {
    versionTarget.current = file;
    fm.openVersions(file);
    versionInput.current?.click();
  };
  const uploadNewVersion = async (picked: File | undefined) => {
    const target = versionTarget.current;
    if (!picked || !target) return;
    setAnnouncement(`Uploading ${picked.name} as a new version of ${target.name}`);
    try {
      const v = await fm.uploadNewVersion(picked, target);
      notify({ color: 'green', message: `Version ${v.number} of ${target.name} uploaded.` });
      setAnnouncement(`Version ${v.number} uploaded; it is now current`);
    } catch (err) {
      setAnnouncement(`The new version was refused: ${(err as Error).message}`);
    }
  };

  const download = (file: TFile, version: TFileVersion | null) =>
    downloadFile(
      file.id,
      version?.id ?? null,
      (version ?? file.current_version)?.filename ?? file.name,
    ).catch((err: Error) => notify({ color: 'red', title: 'Download failed', message: err.message }));

  const confirmDelete = (file: TFile) =>
    modals.openConfirmModal({
      title: `Delete "${file.name}"?`,
      children: (
        <Text size="sm">
          This permanently deletes the file and{' '}
          {file.versions_count === 1 ? 'its only version' : `all ${plural(file.versions_count, 'version')}`}.
          Imports already made from it keep their rows.
        </Text>
      ),
      labels: { confirm: 'Delete file', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        const id = notify({ loading: true, autoClose: false, message: `Deleting ${file.name}…` });
        fm.remove.mutate(file.id, {
          onSuccess: () => {
            if (fm.openFile?.id === file.id) fm.closeVersions();
            notifyUpdate({
              id,
              loading: false,
              autoClose: 4000,
              color: 'green',
              message: `${file.name} deleted.`,
            });
            setAnnouncement(`${file.name} deleted`);
          },
          onError: (err) =>
            notifyUpdate({
              id,
              loading: false,
              autoClose: 8000,
              color: 'red',
              title: `${file.name} was not deleted`,
              message: err.message,
            }),
        });
      },
    });

  return (
    <Stack
      gap="md"
      data-testid="file-manager"
      data-status-files={status.files}
      data-status-versions={status.versions}
      data-status-current-version={status.currentVersion}
      data-status-create={status.create}
      data-status-edit={status.edit}
      data-status-delete={status.delete}
    >
      <UploadDropzone
        openRef={openPicker}
        onFiles={(list) => void upload(list)}
        uploading={fm.uploadFile.isPending || fm.batch !== null}
        progress={fm.uploadFile.progress}
        batch={fm.batch}
        error={fm.uploadFile.error?.message ?? null}
        onDismissError={() => fm.uploadFile.reset()}
      />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <TextInput
          aria-label="Search files"
          placeholder="Search files by name"
          leftSection={<IconSearch size={16} />}
          rightSection={filesQuery.isFetching && !filesQuery.isPending ? <Loader size={14} /> : null}
          value={fm.search}
          onChange={(e) => fm.setSearch(e.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
        {busy && (
          <Group gap={6}>
            <Loader size={14} />
            <Text size="sm" c="dimmed">
              {BUSY_LABEL[busy]}
            </Text>
          </Group>
        )}
      </Group>
      <Paper withBorder radius="md">
        {filesQuery.isPending ? (
          <LoadingBlock label="Loading files…" />
        ) : filesQuery.isError && !filesQuery.data ? (
          <ErrorBlock error={filesQuery.error} onRetry={() => void filesQuery.refetch()} />
        ) : fm.files.length === 0 ? (
          fm.searching ? (
            <EmptyBlock icon={<IconSearch size={22} />} title="No file matches">
              No file name contains “{fm.search.trim()}”.
            </EmptyBlock>
          ) : (
            <EmptyBlock icon={<IconFiles size={22} />} title="No files yet">
              {projectId
                ? 'Upload the CSV, Excel, JSON or Parquet files of this project to import them and keep their versions.'
                : 'Upload CSV, Excel, JSON or Parquet files to import them and keep their versions.'}
              <Group justify="center" mt="sm">
                <Button
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  onClick={() => openPicker.current?.()}
                >
                  Upload files
                </Button>
              </Group>
            </EmptyBlock>
          )
        ) : (
          <FilesTable
            files={fm.files}
            projectNames={projectId ? undefined : (names.data ?? new Map())}
            onVersions={fm.openVersions}
            onNewVersion={pickNewVersion}
            onRename={(f) => {
              fm.rename.reset();
              setRenaming(f);
            }}
            onDownload={(f) => void download(f, null)}
            onDelete={confirmDelete}
            onImport={(f) => void imports.importFile(f)}
            importing={imports.importing}
          />
        )}
      </Paper>
      {filesQuery.isError && filesQuery.data && (
        <Text size="sm" c="red.8" role="alert">
          Could not refresh the list: {filesQuery.error.message}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {pagination.total > 0 ? rangeLabel(pagination) : ''}
        </Text>
        {pagination.pages > 1 && (
          <Pager
            total={pagination.pages}
            value={pagination.page}
            onChange={fm.setPage}
            aria-label="File pages"
            size="sm"
          />
        )}
      </Group>
      <VersionsDrawer
        fm={fm}
        onPickNewVersion={() => fm.openFile && pickNewVersion(fm.openFile)}
        onDownload={(v) => fm.openFile && void download(fm.openFile, v)}
      />
      <RenameFileModal file={renaming} fm={fm} onClose={() => setRenaming(null)} />
      <ImportSheetModal
        question={imports.question}
        starting={imports.starting}
        error={imports.error}
        onStart={imports.importSheet}
        onClose={imports.cancel}
      />
      <input
        ref={versionInput}
        type="file"
        hidden
        aria-label="Choose the new version's file"
        onChange={(e) => {
          const picked = e.currentTarget.files?.[0];
          // cleared so picking the same file again still fires a change
          e.currentTarget.value = '';
          void uploadNewVersion(picked);
        }}
      />
      <VisuallyHidden role="status" aria-live="polite">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
