import type { ImportFormat } from './types.ts';

/** The format by extension, then by content type. */
export function formatOf(filename: string, contentType = ''): ImportFormat | undefined {
  const ext = filename.split('.').pop()?.toLowerCase();
  if (ext === 'csv' || ext === 'txt') return 'csv';
  if (ext === 'tsv' || ext === 'tab') return 'tsv';
  if (ext === 'xlsx' || ext === 'xlsm') return 'xlsx';
  if (ext === 'json') return 'json';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  if (ext === 'parquet' || ext === 'parq') return 'parquet';
  if (contentType.includes('csv')) return 'csv';
  if (contentType.includes('json')) return 'json';
  return undefined;
}

/** BOMs first; otherwise UTF-8 if the sample decodes strictly, else Windows-1252 (what Excel writes). */
export function sniffEncoding(sample: Buffer): string {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  // a multi-byte character may be cut at the end of the sample: ignore the last 3 bytes
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, Math.max(0, sample.length - 3)));
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const CANDIDATES = [',', ';', '\t', '|'];

/** Counts of `ch` per line outside double quotes. */
function countsPerLine(lines: string[], ch: string, quote: string) {
  return lines.map((line) => {
    let n = 0;
    let inQuotes = false;
    for (const c of line) {
      if (c === quote) inQuotes = !inQuotes;
      else if (c === ch && !inQuotes) n++;
    }
    return n;
  });
}

/** The candidate that splits the first lines into the same, largest number of fields. */
export function sniffDelimiter(text: string, quote = '"'): string {
  const lines = text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .slice(0, 20);
  if (lines.length > 1) lines.pop(); // the sample may end mid-line
  let best = ',';
  let bestScore = 0;
  for (const ch of CANDIDATES) {
    const counts = countsPerLine(lines, ch, quote);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const consistent = counts.filter((c) => c === first).length / counts.length;
    const score = consistent * 10 + Math.min(first, 50) / 50;
    if (score > bestScore) {
      best = ch;
      bestScore = score;
    }
  }
  return best;
}

const NUMERIC = /^\s*[-+$€£(]?\d[\d,.\s]*%?\)?\s*$/;
const DATEISH = /^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

/** A header row has distinct, non-empty, non-numeric cells, and differs in kind from the data below. */
export function looksLikeHeader(first: string[], rest: string[][]): boolean {
  if (first.length === 0) return false;
  const clean = first.map((c) => c.trim());
  if (clean.some((c) => c === '' || NUMERIC.test(c) || DATEISH.test(c))) return false;
  if (new Set(clean.map((c) => c.toLowerCase())).size !== clean.length) return false;
  if (rest.length === 0) return true;
  // if some column is numeric below and its first cell is not, the first row is a header
  const numericBelow = first.some((_, i) => rest.every((r) => r[i] !== undefined && NUMERIC.test(r[i]!)));
  if (numericBelow) return true;
  // all text: a header's cells rarely repeat in the data
  return !rest.some((r) => r.some((cell, i) => cell.trim() !== '' && cell.trim() === clean[i]));
}

/** Column names from a header row: blanks become column_N, duplicates get _2, _3... */
export function columnNames(header: string[] | undefined, width: number): string[] {
  const names: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < width; i++) {
    let name = header?.[i]?.trim() || `column_${i + 1}`;
    const n = seen.get(name.toLowerCase()) ?? 0;
    seen.set(name.toLowerCase(), n + 1);
    if (n > 0) name = `${name}_${n + 1}`;
    names.push(name);
  }
  return names;
}
