import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import type { TFile, TFileVersion } from '@mapwright/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { files, fileVersions } from '../../db/schema.ts';
import { TooLargeError } from '../../lib/blob-store.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findProject } from '../projects/projects.service.ts';
import { deleteIfUnreferenced as deleteUnreferencedBlobs } from '../storage/blob-sweep.ts';
import * as repo from './files.repository.ts';

const TYPES: Record<string, string> = {
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  txt: 'text/plain',
  json: 'application/json',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** Keeps only the last path segment, without control characters, at most 255 characters. */
export function cleanFilename(raw: string) {
  const name = [...basename(raw.replaceAll('\\', '/'))]
    .filter((ch) => ch.charCodeAt(0) > 0x1f && ch.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  return name.slice(0, 255) || 'upload';
}

const contentTypeOf = (filename: string, reported: string) =>
  TYPES[filename.split('.').pop()?.toLowerCase() ?? ''] ?? (reported || 'application/octet-stream');

function versionDto(v: repo.VersionRow, currentId: string | null): TFileVersion {
  return {
    id: v.id,
    file_id: v.fileId,
    number: v.number,
    filename: v.filename,
    content_type: v.contentType,
    size: v.size,
    sha256: v.sha256,
    label: v.label,
    notes: v.notes,
    created_at: v.createdAt.toISOString(),
    is_current: v.id === currentId,
  };
}

function fileDto(f: repo.FileRow, versions: repo.VersionRow[]): TFile {
  const current = versions.find((v) => v.id === f.currentVersionId);
  return {
    id: f.id,
    name: f.name,
    project_id: f.projectId,
    current_version: current ? versionDto(current, f.currentVersionId) : null,
    versions_count: versions.length,
    created_at: f.createdAt.toISOString(),
    updated_at: f.updatedAt.toISOString(),
  };
}

export async function listFiles(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; project_id?: string; name?: string },
) {
  const { rows, total } = await repo.listFiles(ctx.db, p.orgId, {
    projectId: q.project_id,
    name: q.name,
    limit: q.size,
    offset: offsetOf(q.page, q.size),
  });
  const versions = await repo.versionsOf(
    ctx.db,
    p.orgId,
    rows.map((r) => r.id),
  );
  return pageOf(
    rows.map((f) =>
      fileDto(
        f,
        versions.filter((v) => v.fileId === f.id),
      ),
    ),
    total,
    q.page,
    q.size,
  );
}

export async function getFile(ctx: AppContext, p: Principal, id: string) {
  const file = await repo.findFile(ctx.db, p.orgId, id);
  if (!file) throw notFound('File not found');
  return fileDto(file, await repo.listVersions(ctx.db, p.orgId, id));
}

export interface Upload {
  filename: string;
  mimetype: string;
  stream: Readable;
}

async function storeUpload(ctx: AppContext, upload: Upload) {
  const stored = await ctx.blobs.put(upload.stream, { maxBytes: ctx.config.UPLOAD_MAX_BYTES });
  const truncated = (upload.stream as Readable & { truncated?: boolean }).truncated === true;
  if (stored.size === 0 || truncated) {
    await deleteUnreferencedBlobs(ctx, [stored.sha256]);
    if (truncated) throw new TooLargeError(ctx.config.UPLOAD_MAX_BYTES);
    throw new FieldError(['body', 'file'], 'the file is empty');
  }
  const filename = cleanFilename(upload.filename);
  return { ...stored, filename, contentType: contentTypeOf(filename, upload.mimetype) };
}

/** A new file whose first version is the upload. */
export async function createFile(
  ctx: AppContext,
  p: Principal,
  input: { upload: Upload; projectId?: string; name?: string },
) {
  assertCanWrite(p);
  if (input.projectId && !(await findProject(ctx.db, p.orgId, input.projectId)))
    throw notFound('Project not found');
  const blob = await storeUpload(ctx, input.upload);
  const id = await ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .insert(files)
      .values({
        organizationId: p.orgId,
        projectId: input.projectId ?? null,
        name: input.name?.trim() || blob.filename,
      })
      .returning();
    const [version] = await tx
      .insert(fileVersions)
      .values({
        fileId: file!.id,
        organizationId: p.orgId,
        number: 1,
        filename: blob.filename,
        contentType: blob.contentType,
        size: blob.size,
        sha256: blob.sha256,
        createdBy: p.userId,
      })
      .returning();
    await tx.update(files).set({ currentVersionId: version!.id }).where(eq(files.id, file!.id));
    return file!.id;
  });
  return getFile(ctx, p, id);
}

/** The upload becomes the next numbered version and the current one. */
export async function addVersion(ctx: AppContext, p: Principal, fileId: string, upload: Upload) {
  if (!(await repo.findFile(ctx.db, p.orgId, fileId))) throw notFound('File not found');
  assertCanWrite(p);
  const blob = await storeUpload(ctx, upload);
  const version = await ctx.db.transaction(async (tx) => {
    // lock the file row so two concurrent uploads get distinct numbers
    await tx.execute(sql`select id from files where id = ${fileId} for update`);
    const [max] = await tx
      .select({ n: sql<number>`coalesce(max(${fileVersions.number}), 0)::int` })
      .from(fileVersions)
      .where(eq(fileVersions.fileId, fileId));
    const [v] = await tx
      .insert(fileVersions)
      .values({
        fileId,
        organizationId: p.orgId,
        number: (max?.n ?? 0) + 1,
        filename: blob.filename,
        contentType: blob.contentType,
        size: blob.size,
        sha256: blob.sha256,
        createdBy: p.userId,
      })
      .returning();
    await tx
      .update(files)
      .set({ currentVersionId: v!.id, updatedAt: new Date() })
      .where(eq(files.id, fileId));
    return v!;
  });
  return versionDto(version, version.id);
}

export async function listVersions(ctx: AppContext, p: Principal, fileId: string) {
  const file = await repo.findFile(ctx.db, p.orgId, fileId);
  if (!file) throw notFound('File not found');
  const versions = await repo.listVersions(ctx.db, p.orgId, fileId);
  return { items: versions.map((v) => versionDto(v, file.currentVersionId)) };
}

export async function setCurrentVersion(ctx: AppContext, p: Principal, fileId: string, versionId: string) {
  const file = await repo.findFile(ctx.db, p.orgId, fileId);
  if (!file) throw notFound('File not found');
  if (!(await repo.findVersion(ctx.db, p.orgId, fileId, versionId))) throw notFound('Version not found');
  assertCanWrite(p);
  await ctx.db
    .update(files)
    .set({ currentVersionId: versionId, updatedAt: new Date() })
    .where(eq(files.id, fileId));
  return getFile(ctx, p, fileId);
}

export async function updateVersion(
  ctx: AppContext,
  p: Principal,
  fileId: string,
  versionId: string,
  input: { label?: string; notes?: string },
) {
  const file = await repo.findFile(ctx.db, p.orgId, fileId);
  if (!file || !(await repo.findVersion(ctx.db, p.orgId, fileId, versionId)))
    throw notFound('Version not found');
  assertCanWrite(p);
  const [v] = await ctx.db.update(fileVersions).set(input).where(eq(fileVersions.id, versionId)).returning();
  return versionDto(v!, file.currentVersionId);
}

export async function renameFile(ctx: AppContext, p: Principal, fileId: string, name: string) {
  if (!(await repo.findFile(ctx.db, p.orgId, fileId))) throw notFound('File not found');
  assertCanWrite(p);
  await ctx.db.update(files).set({ name, updatedAt: new Date() }).where(eq(files.id, fileId));
  return getFile(ctx, p, fileId);
}

export async function deleteFile(ctx: AppContext, p: Principal, fileId: string) {
  if (!(await repo.findFile(ctx.db, p.orgId, fileId))) throw notFound('File not found');
  assertCanWrite(p);
  const shas = (await repo.listVersions(ctx.db, p.orgId, fileId)).map((v) => v.sha256);
  await ctx.db.delete(files).where(and(eq(files.organizationId, p.orgId), eq(files.id, fileId)));
  await deleteUnreferencedBlobs(ctx, shas);
}

/** The stream of one version's content (the current one when versionId is omitted). */
export async function openVersion(ctx: AppContext, p: Principal, fileId: string, versionId?: string) {
  const file = await repo.findFile(ctx.db, p.orgId, fileId);
  const id = versionId ?? file?.currentVersionId;
  const version = file && id ? await repo.findVersion(ctx.db, p.orgId, fileId, id) : undefined;
  if (!version) throw notFound('Version not found');
  return { version, stream: await ctx.blobs.get(version.sha256) };
}

/**
 * Content is shared by address (with other versions, and with any dataset file of the same
 * bytes), so a blob goes at once only when no row anywhere names it; runs after the rows are
 * gone, and a crash in between leaves an orphan for the blob sweep, never a dangling row.
 */
export { deleteIfUnreferenced as deleteUnreferencedBlobs } from '../storage/blob-sweep.ts';
/** What other modules may use of files: lookups and blob cleanup, through the service. */
export { findFile, findVersion, shasOfProject } from './files.repository.ts';
