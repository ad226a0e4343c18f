import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backupDataDir, restoreDataDir } from '../src/backup.ts';
import { openPglite } from '../src/db/client.ts';
import { organizations } from '../src/db/schema.ts';

describe('backup and restore of the embedded data directory', () => {
  const root = mkdtempSync(join(tmpdir(), 'mw-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('copies the database out and back into a new directory; refuses while a server holds it', async () => {
    const dataDir = join(root, 'data');
    const database = await openPglite(dataDir);
    await database.migrate();
    const [org] = await database.db
      .insert(organizations)
      .values({ name: 'Kept across a restore' })
      .returning();
    const file = join(root, 'backup.tar.gz');
    // the running "server" holds the data dir: a backup now could be torn, so it is refused
    await expect(backupDataDir(dataDir, file)).rejects.toThrow(/in use by process/);
    await database.close();

    await backupDataDir(dataDir, file);
    const restored = join(root, 'restored');
    await restoreDataDir(file, restored);
    await expect(restoreDataDir(file, restored)).rejects.toThrow(/not empty/);

    const again = await openPglite(restored);
    const rows = await again.db.select().from(organizations).where(eq(organizations.id, org!.id));
    expect(rows.map((r) => r.name)).toEqual(['Kept across a restore']);
    await again.close();
  }, 60_000);
});
