import type { TReviewStatus, TWorkbook, TWorkbookTab } from '@mapwright/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { projects, users, workbookComments, workbookFieldReviews, workbooks } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findProject } from '../projects/projects.service.ts';

/**
 * Workbooks: one version of a project's mapping work as a spreadsheet. A new version copies the
 * tabs, the review statuses and the comment threads of the version it is made from.
 */
type Row = typeof workbooks.$inferSelect;

const toDto = (w: Row, projectName: string): TWorkbook => ({
  id: w.id,
  project_id: w.projectId,
  project_name: projectName,
  name: w.name,
  version: w.version,
  previous_id: w.previousId,
  tabs: w.tabs as TWorkbookTab[],
  created_at: w.createdAt.toISOString(),
  updated_at: w.updatedAt.toISOString(),
});

/** Another organization's workbook is not found. */
export async function findWorkbook(ctx: AppContext, orgId: string, id: string) {
  const [row] = await ctx.db
    .select({ w: workbooks, projectName: projects.name })
    .from(workbooks)
    .innerJoin(projects, eq(projects.id, workbooks.projectId))
    .where(and(eq(workbooks.organizationId, orgId), eq(workbooks.id, id)));
  if (!row) throw notFound('Workbook not found');
  return row;
}

export async function getWorkbook(ctx: AppContext, p: Principal, id: string) {
  const { w, projectName } = await findWorkbook(ctx, p.orgId, id);
  return toDto(w, projectName);
}

export async function listWorkbooks(
  ctx: AppContext,
  p: Principal,
  q: { page: number; size: number; project_id?: string },
) {
  const where = and(
    eq(workbooks.organizationId, p.orgId),
    q.project_id ? eq(workbooks.projectId, q.project_id) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    ctx.db
      .select({ w: workbooks, projectName: projects.name })
      .from(workbooks)
      .innerJoin(projects, eq(projects.id, workbooks.projectId))
      .where(where)
      .orderBy(desc(workbooks.updatedAt), desc(workbooks.createdAt))
      .limit(q.size)
      .offset(offsetOf(q.page, q.size)),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(workbooks).where(where),
  ]);
  return pageOf(
    rows.map((r) => toDto(r.w, r.projectName)),
    count?.n ?? 0,
    q.page,
    q.size,
  );
}

/** The most recently touched workbook, or null when the organization has none. */
export async function latestWorkbook(ctx: AppContext, p: Principal) {
  const page = await listWorkbooks(ctx, p, { page: 1, size: 1 });
  return page.items[0] ?? null;
}

/**
 * A new workbook for a project: the next version after the project's latest one, carrying its
 * tabs, reviews and comments over (the first version starts empty).
 */
export async function createWorkbook(
  ctx: AppContext,
  p: Principal,
  input: { project_id: string; name?: string },
) {
  assertCanWrite(p);
  const project = await findProject(ctx.db, p.orgId, input.project_id);
  if (!project) throw notFound('Project not found');
  const [latest] = await ctx.db
    .select()
    .from(workbooks)
    .where(and(eq(workbooks.organizationId, p.orgId), eq(workbooks.projectId, project.id)))
    .orderBy(desc(workbooks.version))
    .limit(1);
  return latest ? newVersion(ctx, p, latest.id, input.name) : insert(ctx, p, project, null, input.name);
}

async function insert(
  ctx: AppContext,
  p: Principal,
  project: { id: string; name: string },
  from: Row | null,
  name?: string,
) {
  const [row] = await ctx.db
    .insert(workbooks)
    .values({
      organizationId: p.orgId,
      projectId: project.id,
      name: name ?? from?.name ?? `${project.name} workbook`,
      version: (from?.version ?? 0) + 1,
      previousId: from?.id ?? null,
      tabs: from?.tabs ?? [],
      createdBy: p.userId,
    })
    .returning();
  return toDto(row!, project.name);
}

/** The next version of a workbook, with its tabs, review statuses and comment threads. */
export async function newVersion(ctx: AppContext, p: Principal, id: string, name?: string) {
  assertCanWrite(p);
  const { w, projectName } = await findWorkbook(ctx, p.orgId, id);
  const [top] = await ctx.db
    .select({ v: sql<number>`max(${workbooks.version})::int` })
    .from(workbooks)
    .where(eq(workbooks.projectId, w.projectId));
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workbooks)
      .values({
        organizationId: p.orgId,
        projectId: w.projectId,
        name: name ?? w.name,
        version: (top?.v ?? w.version) + 1,
        previousId: w.id,
        tabs: w.tabs,
        createdBy: p.userId,
      })
      .returning();
    const reviews = await tx
      .select()
      .from(workbookFieldReviews)
      .where(eq(workbookFieldReviews.workbookId, w.id));
    if (reviews.length)
      await tx.insert(workbookFieldReviews).values(reviews.map((r) => ({ ...r, workbookId: row!.id })));
    const comments = await tx.select().from(workbookComments).where(eq(workbookComments.workbookId, w.id));
    if (comments.length)
      await tx
        .insert(workbookComments)
        .values(comments.map(({ id: _id, ...c }) => ({ ...c, workbookId: row!.id })));
    return toDto(row!, projectName);
  });
}

export async function renameWorkbook(ctx: AppContext, p: Principal, id: string, name: string) {
  assertCanWrite(p);
  await findWorkbook(ctx, p.orgId, id);
  await ctx.db.update(workbooks).set({ name, updatedAt: new Date() }).where(eq(workbooks.id, id));
  return getWorkbook(ctx, p, id);
}

export async function deleteWorkbook(ctx: AppContext, p: Principal, id: string) {
  assertCanWrite(p);
  await findWorkbook(ctx, p.orgId, id);
  await ctx.db.delete(workbooks).where(and(eq(workbooks.organizationId, p.orgId), eq(workbooks.id, id)));
}

export const touch = (ctx: AppContext, id: string) =>
  ctx.db.update(workbooks).set({ updatedAt: new Date() }).where(eq(workbooks.id, id));

// ── reviews and comments (members here; customers through shares.service.ts) ──

export async function reviewsOf(ctx: AppContext, workbookId: string) {
  const rows = await ctx.db
    .select()
    .from(workbookFieldReviews)
    .where(eq(workbookFieldReviews.workbookId, workbookId));
  return new Map(rows.map((r) => [r.fieldKey, r]));
}

export async function commentCounts(ctx: AppContext, workbookId: string) {
  const rows = await ctx.db
    .select({ key: workbookComments.fieldKey, n: sql<number>`count(*)::int` })
    .from(workbookComments)
    .where(eq(workbookComments.workbookId, workbookId))
    .groupBy(workbookComments.fieldKey);
  return new Map(rows.map((r) => [r.key, r.n]));
}

export async function writeReview(
  ctx: AppContext,
  workbookId: string,
  key: string,
  status: TReviewStatus,
  by: string,
) {
  await ctx.db
    .insert(workbookFieldReviews)
    .values({ workbookId, fieldKey: key, status, updatedBy: by, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [workbookFieldReviews.workbookId, workbookFieldReviews.fieldKey],
      set: { status, updatedBy: by, updatedAt: new Date() },
    });
  await touch(ctx, workbookId);
  return { key, status, updated_by: by };
}

export async function writeComment(
  ctx: AppContext,
  workbookId: string,
  key: string,
  c: { userId: string | null; author: string; customer: boolean; body: string },
) {
  const [row] = await ctx.db
    .insert(workbookComments)
    .values({ workbookId, fieldKey: key, ...c })
    .returning();
  await touch(ctx, workbookId);
  return commentDto(row!);
}

export const commentDto = (c: typeof workbookComments.$inferSelect) => ({
  id: c.id,
  author: c.author,
  customer: c.customer,
  body: c.body,
  created_at: c.createdAt.toISOString(),
});

export async function fieldComments(ctx: AppContext, workbookId: string, key: string) {
  const rows = await ctx.db
    .select()
    .from(workbookComments)
    .where(and(eq(workbookComments.workbookId, workbookId), eq(workbookComments.fieldKey, key)))
    .orderBy(asc(workbookComments.createdAt));
  return { items: rows.map(commentDto) };
}

/** The member's display name (their email when they have no name). */
export async function memberName(ctx: AppContext, p: Principal) {
  const [u] = await ctx.db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, p.userId));
  return u?.name || u?.email || 'A member';
}
