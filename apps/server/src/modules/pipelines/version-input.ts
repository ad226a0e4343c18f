import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { fileVersions, imports } from '../../db/schema.ts';
import { FieldError, notFound } from '../../lib/errors.ts';
import { createImport, getImport } from '../imports/imports.service.ts';

const LOC = ['body', 'file_version_id'];
const WAIT_MS = 10 * 60_000;

/**
 * A job straight from a file version: its records are the version's dataset. An earlier successful
 * import of that version and the same sheet is reused (same bytes, same rows); otherwise the version
 * is imported now, with detected options, and the call waits for it like a run with
 * immediate_return=false. A workbook's sheet is part of what is reused: another sheet's rows are
 * other rows, and an import that named no sheet took the first.
 */
export async function importOfVersion(
  ctx: AppContext,
  p: Principal,
  versionId: string,
  sheet?: string,
): Promise<string> {
  const [version] = await ctx.db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.organizationId, p.orgId), eq(fileVersions.id, versionId)));
  if (!version) throw notFound('File version not found');
  const [done] = await ctx.db
    .select({ id: imports.id })
    .from(imports)
    .where(
      and(
        eq(imports.organizationId, p.orgId),
        eq(imports.fileVersionId, versionId),
        eq(imports.status, 'succeeded'),
        sheet === undefined
          ? sql`${imports.options}->>'sheet' IS NULL`
          : sql`${imports.options}->>'sheet' = ${sheet}`,
      ),
    )
    .orderBy(desc(imports.createdAt))
    .limit(1);
  if (done) return done.id;
  const started = await createImport(ctx, p, {
    file_id: version.fileId,
    file_version_id: versionId,
    options: sheet === undefined ? {} : { sheet },
  }).catch((err: unknown) => {
    // the import's own check names options.sheet; this request's field is sheet
    if (err instanceof FieldError && err.loc.at(-1) === 'sheet')
      throw new FieldError(['body', 'sheet'], err.msg);
    throw err;
  });
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const imp = await getImport(ctx, p, started.id);
    if (imp.status === 'succeeded') return imp.id;
    if (imp.status === 'failed' || imp.status === 'cancelled')
      throw new FieldError(LOC, `the file version could not be imported: ${imp.error ?? imp.status}`);
    if (Date.now() > deadline)
      throw new FieldError(
        LOC,
        `the file version is still being imported (import ${imp.id}); try again later`,
      );
    await new Promise((r) => setTimeout(r, 100));
  }
}
