import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import * as tar from 'tar';
import { loadConfig } from './config.ts';
import { DataDirLockedError, lockDataDir } from './db/client.ts';

/**
 * Backup and restore of the embedded data directory (database, blobs, generated secrets).
 * PGlite lives inside one process, so a consistent copy needs the server stopped: taking the
 * data dir's lock refuses, with a clear message, while a server still holds it.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  if (!existsSync(dataDir)) throw new Error(`There is no data directory at ${dataDir}`);
  const unlock = lockDataDir(dataDir);
  try {
    await tar.create(
      { gzip: true, file, cwd: dataDir, portable: true, filter: (path) => !path.endsWith('mapwright.lock') },
      readdirSync(dataDir).filter((name) => name !== 'mapwright.lock'),
    );
  } finally {
    unlock();
  }
}

/** Unpacks a backup into a data directory that does not exist yet or is empty (never over data). */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new Error(`There is no backup file at ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length)
    throw new Error(
      `${dataDir} is not empty: restore into a new or empty DATA_DIR, then point the server at it`,
    );
  mkdirSync(dataDir, { recursive: true });
  await tar.extract({ file, cwd: dataDir, strict: true });
}

async function main(argv: string[]) {
  const [command, file] = argv;
  if ((command !== 'backup' && command !== 'restore') || !file) {
    process.stderr.write('usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz>\n');
    process.exit(2);
  }
  const dataDir = resolve(loadConfig().DATA_DIR);
  if (command === 'backup') await backupDataDir(dataDir, resolve(file));
  else await restoreDataDir(resolve(file), dataDir);
  process.stdout.write(
    `${command === 'backup' ? 'Backed up' : 'Restored'} ${dataDir} ${command === 'backup' ? 'to' : 'from'} ${file}\n`,
  );
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(
      `${err instanceof DataDirLockedError ? err.message : String(err instanceof Error ? err.message : err)}\n`,
    );
    process.exit(1);
  });
}
