import { useDebouncedValue } from '@mantine/hooks';
import { FILES_PAGE_SIZE, type TFile, type TFileVersion } from '@mapwright/contracts';
import { useEffect, useState } from 'react';
import { useDeleteFile } from '../api/delete-file.ts';
import { useFileVersions } from '../api/file-versions.ts';
import { useFiles } from '../api/files.ts';
import { useSetCurrentVersion } from '../api/set-current-version.ts';
import { useRenameFile } from '../api/update-file.ts';
import { useUpdateVersion } from '../api/update-version.ts';
import { useUploadFile, useUploadVersion } from '../api/upload-file.ts';
import { clampPage, paginationOf, type TPagination } from '../lib/pagination.ts';
import { mutationStatus, queryStatus, type TLoadStatus } from '../lib/status.ts';

/** Spec §4: the files operations that each carry their own status. */
export const FILE_OPS = ['files', 'versions', 'currentVersion', 'create', 'edit', 'delete'] as const;
export type TFileOp = (typeof FILE_OPS)[number];

/** The later of two statuses wins, so an op made of two requests (file or version upload) reads as one. */
const either = (a: TLoadStatus, b: TLoadStatus): TLoadStatus =>
  a === 'loading' || b === 'loading' ? 'loading' : a !== 'idle' ? a : b;

/**
 * The spec §3 files state (files, versionsData, currentFileVersion, editedVersion, createFileError,
 * pagination) over TanStack Query, with one status per operation.
 */
export function useFileManager(projectId?: string) {
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), 250);
  // the page belongs to the search it was picked in: a new search starts from the first page
  const [paging, setPaging] = useState({ name, page: 1 });
  const page = paging.name === name ? paging.page : 1;
  const setPage = (next: number) => setPaging({ name, page: next });
  const [opened, setOpened] = useState<TFile | null>(null);
  /** which of several dropped files is being sent: "2 of 3" */
  const [batch, setBatch] = useState<{ index: number; count: number; name: string } | null>(null);
  const [editedVersion, setEditedVersion] = useState<TFileVersion | null>(null);

  const filesQuery = useFiles({ page, size: FILES_PAGE_SIZE, projectId, name });
  const versionsQuery = useFileVersions(opened?.id ?? null);
  const uploadFile = useUploadFile();
  const uploadVersion = useUploadVersion();
  const setCurrent = useSetCurrentVersion();
  const updateVersion = useUpdateVersion();
  const rename = useRenameFile();
  const remove = useDeleteFile();

  const pagination: TPagination = paginationOf(page, FILES_PAGE_SIZE, filesQuery.data?.total);
  // a delete that empties the last page steps back to the new last page
  useEffect(() => {
    if (filesQuery.data && page > 1 && filesQuery.data.items.length === 0)
      setPaging({ name, page: clampPage(page, filesQuery.data.pages) });
  }, [filesQuery.data, page, name]);

  const files: TFile[] = filesQuery.data?.items ?? [];
  // the list's copy is fresher (current version, count) whenever the file is on this page
  const openFile = (opened && files.find((f) => f.id === opened.id)) ?? opened;
  const versionsData = versionsQuery.data?.items;
  const currentFileVersion = versionsData?.find((v) => v.is_current) ?? openFile?.current_version ?? null;

  const status: Record<TFileOp, TLoadStatus> = {
    files: queryStatus(filesQuery),
    versions: queryStatus(versionsQuery),
    currentVersion: mutationStatus(setCurrent),
    create: either(mutationStatus(uploadFile), mutationStatus(uploadVersion)),
    edit: either(mutationStatus(updateVersion), mutationStatus(rename)),
    delete: mutationStatus(remove),
  };

  /** Uploads dropped files one after the other; stops at the first refusal, whose reason stays shown. */
  async function uploadFiles(list: File[]) {
    uploadVersion.reset();
    const done: TFile[] = [];
    try {
      for (const [i, file] of list.entries()) {
        setBatch({ index: i + 1, count: list.length, name: file.name });
        done.push(await uploadFile.mutateAsync({ file, projectId }));
      }
    } catch {
      // uploadFile.error carries the server's reason (createFileError)
    } finally {
      setBatch(null);
    }
    return done;
  }

  async function uploadNewVersion(file: File, target: TFile) {
    uploadFile.reset();
    setOpened(target);
    return uploadVersion.mutateAsync({ file, fileId: target.id });
  }

  return {
    // spec §3 state
    files,
    versionsData,
    currentFileVersion,
    editedVersion,
    createFileError: uploadFile.error?.message ?? uploadVersion.error?.message ?? null,
    pagination,
    status,
    // view state
    search,
    setSearch,
    searching: Boolean(name),
    setPage,
    openFile,
    openVersions: setOpened,
    closeVersions: () => {
      setOpened(null);
      setEditedVersion(null);
    },
    batch,
    uploadFiles,
    uploadNewVersion,
    setEditedVersion,
    // queries and operations
    filesQuery,
    versionsQuery,
    uploadFile,
    uploadVersion,
    setCurrent,
    updateVersion,
    rename,
    remove,
  };
}
export type TFileManager = ReturnType<typeof useFileManager>;
