import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { OpenStream } from './source.ts';
import { UnreadableFileError } from './types.ts';

export interface SheetInfo {
  name: string;
  /** rows the sheet spans (header included) by its `<dimension>`, or null when it has none */
  rows: number | null;
}

interface ZipEntry {
  fileName: string;
}
/** yauzl 3's promise API (its published types describe v2). */
interface Zip {
  eachEntry(): AsyncIterable<ZipEntry>;
  openReadStreamPromise(entry: ZipEntry): Promise<Readable>;
  close(): void;
}

/** The workbook's part listing its sheets is small; more than this is not a workbook we trust. */
const MAX_PART_BYTES = 8 * 1024 * 1024;
/** A sheet's `<dimension>` comes before its rows, in its first few hundred bytes. */
const HEAD_BYTES = 16 * 1024;

/** An entry's text, inflating at most `limit` bytes (the rest is never read: no bomb can cost more). */
async function readPart(zip: Zip, entry: ZipEntry, limit: number) {
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= limit) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`).exec(tag)?.[1] ??
  new RegExp(`\\s${name}\\s*=\\s*'([^']*)'`).exec(tag)?.[1];

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#x[0-9a-f]+|#\d+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    return String.fromCodePoint(
      e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)),
    );
  });

/** Rows from a range such as `A1:D120` (a single cell `A1` is one row). */
function rowsOfDimension(head: string): number | null {
  const ref = /<(?:\w+:)?dimension\s[^>]*ref\s*=\s*["']([^"']+)["']/.exec(head)?.[1];
  const m = ref && /^[A-Z]*(\d+)(?::[A-Z]*(\d+))?$/i.exec(ref);
  if (!m) return null;
  return Number(m[2] ?? m[1]) - Number(m[1]) + 1;
}

/**
 * The sheets of an .xlsx workbook on disk, in workbook order, with their row counts: only the
 * workbook part, its relationships and the head of each sheet are inflated, so listing the sheets
 * of a large workbook costs little whatever its rows.
 */
export async function listSheetsAt(path: string): Promise<SheetInfo[]> {
  // autoClose off: it would close the file once the entry list is read, before the parts are
  const zip = (await (yauzl as unknown as { openPromise(p: string, o: object): Promise<Zip> })
    .openPromise(path, { autoClose: false })
    .catch(() => {
      throw new UnreadableFileError('This is not a valid .xlsx file (it is not a zip archive)');
    })) as Zip;
  try {
    const entries = new Map<string, ZipEntry>();
    for await (const e of zip.eachEntry()) entries.set(e.fileName, e);
    const book = entries.get('xl/workbook.xml');
    if (!book) throw new UnreadableFileError('This is not a valid .xlsx file (it has no workbook part)');
    const xml = await readPart(zip, book, MAX_PART_BYTES);
    const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
    const rels = relsEntry ? await readPart(zip, relsEntry, MAX_PART_BYTES) : '';
    const targets = new Map<string, string>();
    for (const [tag] of rels.matchAll(/<(?:\w+:)?Relationship\s[^>]*>/g)) {
      const id = attr(tag, 'Id');
      const target = attr(tag, 'Target');
      // targets are relative to xl/, or absolute from the package root
      if (id && target)
        targets.set(id, target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`));
    }
    const out: SheetInfo[] = [];
    for (const [tag] of xml.matchAll(/<(?:\w+:)?sheet\s[^>]*>/g)) {
      const name = attr(tag, 'name');
      if (name === undefined) continue;
      // the relationships namespace is `r:` by convention, not by rule
      const part = targets.get(attr(tag, '[\\w.-]+:id') ?? '');
      const entry = part ? entries.get(part) : undefined;
      out.push({
        name: unescapeXml(name),
        rows: entry ? rowsOfDimension(await readPart(zip, entry, HEAD_BYTES)) : null,
      });
    }
    return out;
  } catch (err) {
    if (err instanceof UnreadableFileError) throw err;
    throw new UnreadableFileError(`This is not a valid .xlsx file (${(err as Error).message})`);
  } finally {
    zip.close();
  }
}

/** The same for a workbook given as a stream (copied to a scratch file: a zip is read from its end). */
export async function listSheets(open: OpenStream, localPath?: string | null): Promise<SheetInfo[]> {
  if (localPath) return listSheetsAt(localPath);
  const tmp = join(tmpdir(), `mw-sheets-${randomUUID()}.xlsx`);
  try {
    await pipeline(await open(), createWriteStream(tmp));
    return await listSheetsAt(tmp);
  } finally {
    await rm(tmp, { force: true });
  }
}
