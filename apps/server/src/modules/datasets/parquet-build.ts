/**
 * Builds a row group's column chunks in memory, for Parquet files written without DuckDB (a
 * job's result: parquet-write.ts). An engine thread adds each row's values as they come; the
 * values are PLAIN and uncompressed, one data page per column, all defined. The page headers
 * are thrift, written by hyparquet-writer. No imports beyond that: engine threads load this.
 */
import { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import type { JsonColumn } from './row-text.ts';

/** One column chunk of a built row group: where its bytes are in `BuiltRowGroup.bytes`. */
export interface BuiltChunk {
  offset: number;
  size: number;
  min?: number | boolean;
  max?: number | boolean;
}

/** A row group's column chunks, back to back: what a thread sends (its buffer moved, not copied). */
export interface BuiltRowGroup {
  rows: number;
  bytes: Uint8Array;
  chunks: BuiltChunk[];
}

const TWO_32 = 2 ** 32;

/** A text column's values so far, and the last short one's place (to repeat it cheaply). */
interface TextValues {
  buf: Uint8Array;
  at: number;
  last: string;
  lastAt: number;
  lastSize: number;
}

/**
 * Values of one row group, column by column; call the adder of each column once per row, in
 * order. Numbers are INT64 (safe integers), booleans bit-packed, texts (JSON or VARCHAR) stored
 * as their UTF-8 with PLAIN's 4-byte length before each.
 */
export class RowGroupBuilder {
  private texts: (TextValues | undefined)[] = [];
  private ints: (number[] | undefined)[] = [];
  private bools: (boolean[] | undefined)[] = [];
  private utf8 = new TextEncoder();

  constructor(private readonly columns: readonly JsonColumn[]) {
    columns.forEach((c, i) => {
      if (c.type === 'BIGINT') this.ints[i] = [];
      else if (c.type === 'BOOLEAN') this.bools[i] = [];
      else this.texts[i] = { buf: new Uint8Array(1 << 16), at: 0, last: '', lastAt: -1, lastSize: 0 };
    });
  }

  /** Drops the rows added since the last finish (a batch that failed half-way). */
  reset() {
    for (const list of [...this.ints, ...this.bools]) if (list) list.length = 0;
    for (const t of this.texts)
      if (t) {
        t.at = 0;
        t.lastAt = -1;
      }
  }

  int(column: number, value: number) {
    this.ints[column]!.push(value);
  }

  bool(column: number, value: boolean) {
    this.bools[column]!.push(value);
  }

  text(column: number, value: string) {
    const t = this.texts[column]!;
    // the same string as the last (a constant: `"success"`, `null`): its bytes again, not encoded
    if (value === t.last && t.lastAt >= 0 && t.at + t.lastSize <= t.buf.length) {
      t.buf.copyWithin(t.at, t.lastAt, t.lastAt + t.lastSize);
      t.lastAt = t.at;
      t.at += t.lastSize;
      return;
    }
    // a UTF-16 unit is at most 3 bytes of UTF-8
    const need = t.at + 4 + value.length * 3;
    if (need > t.buf.length) {
      const grown = new Uint8Array(Math.max(need, t.buf.length * 2));
      grown.set(t.buf.subarray(0, t.at));
      t.buf = grown;
    }
    const n = this.utf8.encodeInto(value, t.buf.subarray(t.at + 4)).written;
    const b = t.buf;
    b[t.at] = n;
    b[t.at + 1] = n >>> 8;
    b[t.at + 2] = n >>> 16;
    b[t.at + 3] = n >>> 24;
    if (n <= 16) {
      t.last = value;
      t.lastAt = t.at;
      t.lastSize = 4 + n;
    }
    t.at += 4 + n;
  }

  /**
   * The row group's chunks (each one data page of `rows` values, all defined), in bytes of their
   * own; the builder is then empty and keeps its buffers for the next group.
   */
  finish(rows: number): BuiltRowGroup {
    const pages: Uint8Array[] = [];
    const chunks: BuiltChunk[] = [];
    let offset = 0;
    this.columns.forEach((_, i) => {
      let values: Uint8Array;
      let min: number | boolean | undefined;
      let max: number | boolean | undefined;
      const ints = this.ints[i];
      const bools = this.bools[i];
      if (ints) {
        if (ints.length !== rows) throw new Error(`column ${i} has ${ints.length} of ${rows} values`);
        values = new Uint8Array(rows * 8);
        const view = new DataView(values.buffer);
        for (let k = 0; k < rows; k++) {
          const v = ints[k]!;
          view.setUint32(k * 8, v >>> 0, true);
          view.setInt32(k * 8 + 4, Math.floor(v / TWO_32), true);
          if (min === undefined || v < (min as number)) min = v;
          if (max === undefined || v > (max as number)) max = v;
        }
      } else if (bools) {
        if (bools.length !== rows) throw new Error(`column ${i} has ${bools.length} of ${rows} values`);
        values = new Uint8Array(Math.ceil(rows / 8));
        for (let k = 0; k < rows; k++) if (bools[k]) values[k >> 3]! |= 1 << (k & 7);
        if (rows) {
          min = !bools.includes(false);
          max = bools.includes(true);
        }
      } else {
        const t = this.texts[i]!;
        values = t.buf.subarray(0, t.at);
      }
      const levels = allDefined(rows);
      const header = new ByteWriter(64);
      writePageHeader(header, {
        type: 'DATA_PAGE',
        uncompressed_page_size: levels.length + values.length,
        compressed_page_size: levels.length + values.length,
        data_page_header: {
          num_values: rows,
          encoding: 'PLAIN',
          definition_level_encoding: 'RLE',
          repetition_level_encoding: 'RLE',
        },
      });
      const head = header.getBytes();
      pages.push(head, levels, values);
      const size = head.length + levels.length + values.length;
      chunks.push({ offset, size, min, max });
      offset += size;
    });
    const bytes = new Uint8Array(offset);
    let p = 0;
    for (const page of pages) {
      bytes.set(page, p);
      p += page.length;
    }
    this.reset();
    return { rows, bytes, chunks };
  }
}

/** Definition levels of `rows` defined values: the byte length, then one RLE run of 1s. */
function allDefined(rows: number) {
  const run: number[] = [];
  for (let v = rows * 2; ; v = Math.floor(v / 128)) {
    if (v < 128) {
      run.push(v);
      break;
    }
    run.push((v & 0x7f) | 0x80);
  }
  run.push(1);
  const out = new Uint8Array(4 + run.length);
  new DataView(out.buffer).setUint32(0, run.length, true);
  out.set(run, 4);
  return out;
}
