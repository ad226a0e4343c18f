import type { AppContext } from '../../context.ts';
import { releaseEndedSyncWrites } from '../connectors/dataset/org-datasets.ts';
import { cachedFiles, forgetFiles } from '../datasets/datasets.service.ts';
import { referencedAmong } from './blob-refs.repository.ts';

/*
 * The blob sweep: stored files no row names (blob-refs.repository.ts lists every place that
 * does) are deleted once older than the grace period. A file is stored before the row naming
 * it is written, and storing content that exists already makes it young again, so the grace
 * period covers every write in flight; the store looks at a blob's age again as it deletes it.
 * Deleting is idempotent, so two sweeps at once only repeat each other's work.
 */

/** blob addresses checked against the database per statement */
const PAGE = 2_000;

export interface SweepOptions {
  graceMs: number;
  now?: Date;
  signal?: AbortSignal;
}

export interface SweepReport {
  listed: number;
  deleted: number;
  cacheFilesRemoved: number;
  syncWritesReleased: number;
}

export async function sweepBlobs(ctx: AppContext, opts: SweepOptions): Promise<SweepReport> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.graceMs);
  // first, so an ended sync run's staged files are unreferenced in this very sweep
  const syncWritesReleased = await releaseEndedSyncWrites(ctx);
  const deleted = new Set<string>();
  let listed = 0;
  let page: string[] = [];
  const flush = async () => {
    const refs = await referencedAmong(ctx.db, page);
    for (const sha of page) {
      opts.signal?.throwIfAborted();
      if (!refs.has(sha) && (await ctx.blobs.deleteIfOlder(sha, cutoff))) deleted.add(sha);
    }
    page = [];
  };
  for await (const blob of ctx.blobs.list()) {
    opts.signal?.throwIfAborted();
    listed++;
    if (blob.modifiedAt > cutoff) continue;
    page.push(blob.sha256);
    if (page.length >= PAGE) await flush();
  }
  await flush();
  const cacheFilesRemoved = await sweepCache(ctx, cutoff, deleted);
  return { listed, deleted: deleted.size, cacheFilesRemoved, syncWritesReleased };
}

/**
 * This machine's copies of remote blobs: those of deleted blobs, of blobs no row names (another
 * machine's sweep deleted them) and downloads a crash cut short. Each process forgets the
 * files it checked among them.
 */
async function sweepCache(ctx: AppContext, cutoff: Date, deleted: Set<string>) {
  const old = (await cachedFiles(ctx)).filter((f) => f.modifiedAt <= cutoff);
  const shas = [...new Set(old.map((f) => f.sha256))];
  const refs = new Set<string>();
  for (let i = 0; i < shas.length; i += PAGE)
    for (const sha of await referencedAmong(ctx.db, shas.slice(i, i + PAGE))) refs.add(sha);
  const stale = old.filter((f) => deleted.has(f.sha256) || !refs.has(f.sha256) || f.path.endsWith('.part'));
  await forgetFiles(
    stale.map((f) => f.path),
    new Set([...deleted, ...stale.map((f) => f.sha256)]),
  );
  return stale.length;
}

/**
 * The sweep's deletions without the wait, for a feature that just dropped its own rows (a
 * deleted file): only what no row anywhere names, and only if not written since `since`.
 */
export async function deleteIfUnreferenced(ctx: AppContext, shas: string[], since = new Date()) {
  const refs = await referencedAmong(ctx.db, [...new Set(shas)]);
  for (const sha of new Set(shas)) if (!refs.has(sha)) await ctx.blobs.deleteIfOlder(sha, since);
}
