/**
 * Line numbers for rows that DuckDB parsed. DuckDB numbers a CSV's records R = 1, 2, … (newlines
 * outside quotes, blank lines included) and reports rejected rows by that number, but gives good
 * rows no number at all. One pass over the bytes finds the blank records and the records that
 * start on another line than R (after a quoted newline), so every row's line is exact without
 * storing a number per row.
 */
export interface LineMap {
  /** R of the first data record (2 with a header row) */
  first: number;
  /** R of every record that is not a row: blank lines, and (added later) rejected records */
  skipped: number[];
  /** [R, line] where the line of record R stops being R + the previous offset */
  breaks: [number, number][];
}

/** Beyond this many breaks (a file of multi-line records) lines fall back to record numbers. */
const MAX_BREAKS = 200_000;

export function createCsvLineScanner(delimiter: string, quote: string, header: boolean) {
  const DELIM = delimiter.charCodeAt(0);
  const QUOTE = quote ? quote.charCodeAt(0) : -1;
  const NL = 10;
  const CR = 13;
  let inQuote = false;
  let closePending = false;
  let fieldStart = true;
  let empty = true;
  let r = 1;
  let line = 1;
  let offset = 0;
  const blanks: number[] = [];
  let breaks: [number, number][] | null = [];

  return {
    /**
     * Scans the next bytes; returns where in `buf` the last record that ends in it ends (just
     * past its newline; -1 when none does) and the number R of the record that starts there, so
     * a caller can cut the file into pieces that each hold whole records.
     */
    push(buf: Uint8Array): { cut: number; record: number } {
      let cut = -1;
      let cutRecord = 0;
      // the state in locals for the loop (closure variables are much slower to touch per byte)
      let q = inQuote;
      let pending = closePending;
      let start = fieldStart;
      let blank = empty;
      let rec = r;
      let ln = line;
      for (let i = 0; i < buf.length; i++) {
        const b = buf[i]!;
        if (q) {
          if (b === QUOTE) {
            q = false;
            pending = true;
          } else if (b === NL) ln++;
          continue;
        }
        if (pending) {
          pending = false;
          // a doubled quote inside a quoted field
          if (b === QUOTE) {
            q = true;
            continue;
          }
        }
        if (b === NL) {
          if (blank) blanks.push(rec);
          rec++;
          ln++;
          cut = i + 1;
          cutRecord = rec;
          if (ln - rec !== offset) {
            offset = ln - rec;
            if (breaks && breaks.push([rec, ln]) > MAX_BREAKS) breaks = null;
          }
          start = true;
          blank = true;
        } else if (b === DELIM) {
          start = true;
          blank = false;
        } else if (b === QUOTE && start) {
          q = true;
          start = false;
          blank = false;
        } else if (b !== CR) {
          start = false;
          blank = false;
        }
      }
      inQuote = q;
      closePending = pending;
      fieldStart = start;
      empty = blank;
      r = rec;
      line = ln;
      return { cut, record: cutRecord };
    },
    /** records ended so far, blank ones excluded */
    records: () => r - 1 - blanks.length,
    end(): LineMap {
      return { first: header ? 2 : 1, skipped: blanks, breaks: breaks ?? [] };
    },
  };
}

/** The line a record starts on. */
export function lineOfRecord(map: LineMap, r: number): number {
  let lo = 0;
  let hi = map.breaks.length - 1;
  let at = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (map.breaks[mid]![0] <= r) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (at < 0) return r;
  const [br, bl] = map.breaks[at]!;
  return bl + (r - br);
}

/** Lines of rows [from, from + count): row k is the k-th record that is neither blank nor rejected. */
export function linesOfRows(map: LineMap, from: number, count: number): number[] {
  const skipped = map.skipped;
  // the first skipped record at or after the row's record number, found by binary search on
  // "records skipped before position i" (skipped[i] - i is non-decreasing)
  let r = from + map.first;
  let lo = 0;
  let hi = skipped.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (skipped[mid]! - mid <= r) lo = mid + 1;
    else hi = mid;
  }
  let s = lo;
  r += s;
  const out: number[] = [];
  for (let k = 0; k < count; k++) {
    while (s < skipped.length && skipped[s] === r) {
      r++;
      s++;
    }
    out.push(lineOfRecord(map, r));
    r++;
  }
  return out;
}
