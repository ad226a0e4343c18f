/**
 * Reads a text column of a Parquet file straight from its pages, for the one read that decides a
 * job's speed: an engine thread turning a row group of `records` into JS objects. DuckDB builds
 * the same JSON array natively (datasets.service `recordsJson`), but the main thread's query,
 * aggregate and copy cost 2.8 µs a record against the engine's 1.1 (measured, 1M records); read
 * here, a record's bytes are decoded once, where they are parsed.
 *
 * Only the plain shape DuckDB writes for unique texts: PLAIN values, no nulls, uncompressed or
 * Snappy. `plainTextColumn` says whether a file's column is that; other files take the DuckDB
 * path. Footers and page headers are read with hyparquet; the values' bytes are used in place.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { type FileMetaData, parquetMetadata } from 'hyparquet';
import { parquetHeader } from 'hyparquet/src/column.js';
import { snappyUncompressor } from 'hysnappy';

/** Footers read in this thread, by path: a dataset file is immutable, so its footer never changes. */
const footers = new Map<string, FileMetaData>();

/** A file's footer, checked for the magic at both ends (a truncated file has none at its end). */
export function readFooter(path: string): FileMetaData {
  const cached = footers.get(path);
  if (cached) return cached;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(8);
    if (size < 12 || readSync(fd, tail, 0, 8, size - 8) !== 8 || tail.toString('latin1', 4) !== 'PAR1')
      throw new Error('not a Parquet file (no footer)');
    const length = tail.readUInt32LE(0);
    if (length + 12 > size) throw new Error('its footer is longer than the file');
    const footer = new Uint8Array(length + 8);
    readSync(fd, footer, 0, length + 8, size - length - 8);
    const meta = parquetMetadata(footer.buffer);
    if (footers.size >= 256) footers.delete(footers.keys().next().value!);
    footers.set(path, meta);
    return meta;
  } finally {
    closeSync(fd);
  }
}

const PLAIN_CODECS = new Set(['UNCOMPRESSED', 'SNAPPY']);
/** PLAIN values; RLE / BIT_PACKED only for definition levels */
const PLAIN_ENCODINGS = new Set(['PLAIN', 'RLE', 'BIT_PACKED']);

/** Whether every chunk of the file's top-level `column` is plain text this module reads. */
export function plainTextColumn(meta: FileMetaData, column: string) {
  const element = meta.schema.find((e) => e.name === column);
  if (element?.type !== 'BYTE_ARRAY' || element.repetition_type === 'REPEATED') return false;
  const at = columnIndex(meta, column);
  return meta.row_groups.every((rg) => {
    const m = rg.columns[at]?.meta_data;
    return (
      !!m &&
      m.dictionary_page_offset === undefined &&
      PLAIN_CODECS.has(m.codec) &&
      m.encodings.every((e) => PLAIN_ENCODINGS.has(e)) &&
      m.statistics?.null_count === 0n
    );
  });
}

const columnIndex = (meta: FileMetaData, column: string) =>
  meta.row_groups[0]?.columns.findIndex((c) => c.meta_data?.path_in_schema.join('.') === column) ?? -1;

/** Records [from, to) of a row group of a local `records` file (datasets.plainRecordGroups). */
export interface RecordGroup {
  path: string;
  rowGroup: number;
  from: number;
  to: number;
}

/**
 * A row group's values of a text column, as PLAIN lays them out: a 4-byte length before each
 * value's bytes. `at[k]` is where value k's length starts, `at[count]` where the last one ends.
 * The bytes are the reader's (read or decompressed for this call): a caller may overwrite them,
 * and they hold the next call's chunk once it is made (one buffer per thread, reused: a fresh
 * 3 MB per row group had V8 collecting for the external memory alone).
 */
export interface TextChunk {
  bytes: Uint8Array;
  at: Int32Array;
  count: number;
}

export function readTextChunk(path: string, rowGroup: number, column: string): TextChunk {
  const meta = readFooter(path);
  const chunk = meta.row_groups[rowGroup]?.columns[columnIndex(meta, column)]?.meta_data;
  if (!chunk) throw new Error(`no row group ${rowGroup} / column ${column}`);
  const count = Number(chunk.num_values);
  const raw = scratch('raw', Number(chunk.total_compressed_size));
  const fd = openSync(path, 'r');
  try {
    if (readSync(fd, raw, 0, raw.length, Number(chunk.data_page_offset)) !== raw.length)
      throw new Error('the file ends inside a column chunk');
  } finally {
    closeSync(fd);
  }
  const pages: Uint8Array[] = [];
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const reader = { view, offset: 0 };
  let values = 0;
  while (values < count) {
    if (reader.offset >= raw.length) throw new Error('a column chunk ends before its last value');
    const header = parquetHeader(reader);
    const start = reader.offset;
    reader.offset += header.compressed_page_size;
    const body = raw.subarray(start, reader.offset);
    if (header.type === 'DATA_PAGE' && header.data_page_header) {
      const page = inflate(chunk.codec, body, header.uncompressed_page_size);
      // OPTIONAL columns start with their definition levels, length first (no nulls: all 1s)
      const skip = maxDefinition(meta, column) ? 4 + u32(page, 0) : 0;
      pages.push(page.subarray(skip));
      values += header.data_page_header.num_values;
    } else if (header.type === 'DATA_PAGE_V2' && header.data_page_header_v2) {
      const h = header.data_page_header_v2;
      const levels = h.definition_levels_byte_length + h.repetition_levels_byte_length;
      const rest = body.subarray(levels);
      pages.push(h.is_compressed ? inflate(chunk.codec, rest, header.uncompressed_page_size - levels) : rest);
      values += h.num_values;
    } else if (header.type !== 'INDEX_PAGE') throw new Error(`unexpected ${header.type} page`);
  }
  const bytes = pages.length === 1 ? pages[0]! : Buffer.concat(pages);
  const at = new Int32Array(count + 1);
  let p = 0;
  for (let k = 0; k < count; k++) {
    at[k] = p;
    p += 4 + u32(bytes, p);
  }
  if (p > bytes.length) throw new Error('a value runs past the end of its page');
  at[count] = p;
  return { bytes, at, count };
}

const u32 = (b: Uint8Array, p: number) =>
  (b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16) | (b[p + 3]! << 24)) >>> 0;

const scratches = { raw: new Uint8Array(0) };

/** `size` bytes of one of the reader's buffers, grown as needed. */
function scratch(which: keyof typeof scratches, size: number) {
  if (scratches[which].length < size) scratches[which] = new Uint8Array(Math.max(size, 1 << 20));
  return scratches[which].subarray(0, size);
}

/**
 * Snappy in WebAssembly (hysnappy, by hyparquet's authors): 0.1 µs a record of a job's input
 * against 0.5 for hyparquet's JavaScript decoder (measured on 1 MB pages of JSON records), a
 * tenth of an engine thread's time. It returns a fresh buffer, which the page's values then use.
 */
const unsnappy = snappyUncompressor();

function inflate(codec: string, body: Uint8Array, size: number) {
  if (codec === 'UNCOMPRESSED') return body;
  // hysnappy writes what the stream's own length says: a page whose stream says another length
  // than its header is corrupt, and is said to be before a byte is decoded
  if (snappyLength(body) !== size) throw new Error('a page does not inflate to its stated size');
  return unsnappy(body, size);
}

/** The uncompressed length a Snappy stream starts with (a little-endian base-128 varint). */
function snappyLength(body: Uint8Array) {
  let n = 0;
  for (let k = 0, shift = 0; k < 5 && k < body.length; k++, shift += 7) {
    n += (body[k]! & 0x7f) * 2 ** shift;
    if (body[k]! < 0x80) return n;
  }
  return -1;
}

const maxDefinition = (meta: FileMetaData, column: string) =>
  meta.schema.find((e) => e.name === column)?.repetition_type === 'REQUIRED' ? 0 : 1;

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Values [from, to) of a JSON text chunk as one JSON array's text. Each value's 4-byte length is
 * overwritten with `,` and three spaces (`[` for the first), so the slice of the page is the
 * array and is decoded in one go: no per-value string, no join.
 */
export function jsonArrayOf(chunk: TextChunk, from: number, to: number): string {
  if (from >= to) return '[]';
  const { bytes, at } = chunk;
  for (let k = from; k < to; k++) {
    const p = at[k]!;
    bytes[p] = k === from ? 0x5b : 0x2c;
    bytes[p + 1] = 0x20;
    bytes[p + 2] = 0x20;
    bytes[p + 3] = 0x20;
  }
  return `${utf8.decode(bytes.subarray(at[from]!, at[to]!))}]`;
}
