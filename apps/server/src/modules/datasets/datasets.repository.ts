import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';

export type DatasetRow = typeof datasets.$inferSelect;
export type NewDataset = typeof datasets.$inferInsert;

export async function insertDataset(db: Db, values: NewDataset): Promise<DatasetRow> {
  const [row] = await db.insert(datasets).values(values).returning();
  return row!;
}

/** Always scoped by organization: another organization's dataset is simply not found. */
export async function findDataset(db: Db, orgId: string, id: string): Promise<DatasetRow | undefined> {
  const [row] = await db
    .select()
    .from(datasets)
    .where(and(eq(datasets.organizationId, orgId), eq(datasets.id, id)));
  return row;
}

export async function removeDataset(db: Db, orgId: string, id: string) {
  await db.delete(datasets).where(and(eq(datasets.organizationId, orgId), eq(datasets.id, id)));
}

/** Replaces the file list (and the row count that follows from it) of a dataset being written. */
export async function updateFiles(db: Db, orgId: string, id: string, files: DatasetRow['files']) {
  const [row] = await db
    .update(datasets)
    .set({ files, rowCount: files.reduce((n, f) => n + f.rows, 0) })
    .where(and(eq(datasets.organizationId, orgId), eq(datasets.id, id)))
    .returning();
  return row!;
}
