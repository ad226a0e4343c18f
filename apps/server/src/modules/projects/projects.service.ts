import type { TProject } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { deleteUnreferencedBlobs, shasOfProject } from '../files/files.service.ts';
import * as repo from './projects.repository.ts';

function toDto(p: Omit<repo.ProjectListRow, 'counts'>, counts = repo.EMPTY_COUNTS): TProject {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    counts,
  };
}

export async function listProjects(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; name?: string },
) {
  // the page, its counts and the total in one statement (see the repository)
  const { rows, total } = await repo.listProjects(ctx.db, p.orgId, {
    name: q.name,
    limit: q.size,
    offset: offsetOf(q.page, q.size),
  });
  return pageOf(
    rows.map((r) => toDto(r, r.counts)),
    total,
    q.page,
    q.size,
  );
}

export async function getProject(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findProject(ctx.db, p.orgId, id);
  if (!row) throw notFound('Project not found');
  const counts = await repo.projectCounts(ctx.db, p.orgId, [id]);
  return toDto(row, counts.get(id));
}

export async function createProject(
  ctx: AppContext,
  p: Principal,
  input: { name: string; description: string },
) {
  assertCanWrite(p);
  const row = await repo.insertProject(ctx.db, { organizationId: p.orgId, ...input });
  return toDto(row);
}

export async function updateProject(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { name?: string; description?: string },
) {
  if (!(await repo.findProject(ctx.db, p.orgId, id))) throw notFound('Project not found');
  assertCanWrite(p);
  await repo.updateProject(ctx.db, p.orgId, id, input);
  return getProject(ctx, p, id);
}

/**
 * Deletes the project with its files (every version and their stored content), imports and the
 * target schemas no pipeline uses. Pipelines are kept, and so are the schemas they map into: both
 * simply leave the project, so no running pipeline loses its schema.
 */
export async function deleteProject(ctx: AppContext, p: Principal, id: string) {
  const project = await repo.findProject(ctx.db, p.orgId, id);
  if (!project) throw notFound('Project not found');
  assertCanWrite(p);
  const shas = await shasOfProject(ctx.db, p.orgId, id);
  await repo.deleteProject(ctx.db, p.orgId, id);
  await deleteUnreferencedBlobs(ctx, shas);
  await recordAudit(ctx.db, {
    organizationId: p.orgId,
    actorUserId: p.userId,
    impersonatorUserId: p.impersonatorId,
    action: 'project.deleted',
    targetType: 'project',
    targetId: id,
    details: { name: project.name },
  });
}

/** Other modules find projects through the service, never the repository. */
export { findProject } from './projects.repository.ts';
