import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import yauzl from 'yauzl';
import { columnNames, looksLikeHeader } from './detect.ts';
import { byteCounter, type OpenStream } from './source.ts';
import { type Detected, type ParsedItem, type ParseOptions, setOwn, UnreadableFileError } from './types.ts';

/**
 * Zip-bomb guard: a workbook may inflate to at most `maxRatio` times its own size (but always to
 * `minBoundBytes`, so small honest files with very repetitive sheets still read), and never past
 * `maxUncompressedBytes`. Mutable so tests (and an operator's code) can lower them.
 */
export const XLSX_LIMITS = {
  maxUncompressedBytes: 1024 ** 3,
  maxRatio: 200,
  minBoundBytes: 64 * 1024 ** 2,
  maxEntries: 10_000,
};

const sized = (n: number) =>
  n < 1024 ** 2 ? `${Math.ceil(n / 1024)} KB` : `${Math.round(n / 1024 ** 2).toLocaleString('en-US')} MB`;

/** yauzl 3's promise API (its published types describe v2). */
interface YauzlPromises {
  openPromise(path: string): Promise<{
    eachEntry(): AsyncIterable<{ uncompressedSize: number; compressedSize: number }>;
    close(): void;
  }>;
}

/** Sum of the declared sizes in the zip's central directory (cheap: no decompression). */
async function checkDeclaredSizes(path: string) {
  const zip = await (yauzl as unknown as YauzlPromises).openPromise(path).catch(() => {
    throw new UnreadableFileError('This is not a valid .xlsx file (it is not a zip archive)');
  });
  let total = 0;
  let entries = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      entries++;
      total += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (
        entries > XLSX_LIMITS.maxEntries ||
        total > XLSX_LIMITS.maxUncompressedBytes ||
        (ratio > XLSX_LIMITS.maxRatio && entry.uncompressedSize > 10 * 1024 ** 2)
      ) {
        throw new UnreadableFileError(
          'The workbook expands to far more data than its size suggests (a possible zip bomb); it was not opened',
        );
      }
    }
  } finally {
    zip.close();
  }
}

/**
 * The declared sizes can lie (a 4 KB entry that inflates to 1 GiB), so every entry is inflated
 * once and its bytes counted, stopping at the bound, before ExcelJS reads any of them. It walks the
 * local headers with the same parser ExcelJS uses (unzipper), so it sees exactly the entries
 * ExcelJS will inflate, including any the central directory does not list. Inflating costs a
 * fraction of what parsing the XML costs, and memory stays flat: the bytes are only counted.
 */
async function checkInflatedSize(path: string) {
  const size = (await stat(path)).size;
  const bound = Math.min(
    XLSX_LIMITS.maxUncompressedBytes,
    Math.max(XLSX_LIMITS.maxRatio * size, XLSX_LIMITS.minBoundBytes),
  );
  const input = createReadStream(path);
  const zip = input.pipe(unzipper.Parse({ forceStream: true }));
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<unzipper.Entry>) {
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > bound)
          throw new UnreadableFileError(
            `This workbook inflates past ${sized(bound)}, the most allowed for a ${sized(size)} file (a zip bomb?); it was not read`,
          );
      }
    }
  } catch (err) {
    if (err instanceof UnreadableFileError) throw err;
    throw new UnreadableFileError(`This is not a valid .xlsx file (${(err as Error).message})`);
  } finally {
    // stopped early, the parser may still report the cut-off input: nobody is listening any more
    zip.on('error', () => {});
    input.destroy();
    zip.destroy();
  }
}

/** Cell values as JSON: formulas give their result, rich text its text, dates ISO strings. */
function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('result' in o) return cellValue(o.result);
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((r) => r.text).join('');
  if ('text' in o) return cellValue(o.text);
  if ('error' in o) return null;
  return String(v);
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Streams one sheet of an .xlsx workbook (the named one, or the first). */
export async function parseExcel(open: OpenStream, opts: ParseOptions, onBytes: (n: number) => void) {
  const tmp = join(tmpdir(), `mw-xlsx-${randomUUID()}.xlsx`);
  await pipeline(await open(), createWriteStream(tmp));
  try {
    await checkDeclaredSizes(tmp);
    await checkInflatedSize(tmp);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
  const detected: Detected = { format: 'xlsx', sheets: [] };

  async function* items(): AsyncIterable<ParsedItem> {
    try {
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(
        createReadStream(tmp).pipe(byteCounter(onBytes)),
        {
          sharedStrings: 'cache',
          hyperlinks: 'ignore',
          styles: 'cache',
          worksheets: 'emit',
          entries: 'emit',
        },
      );
      let found = false;
      for await (const sheet of reader as AsyncIterable<
        AsyncIterable<ExcelJS.Row> & { name?: string; id?: number }
      >) {
        const name = sheet.name ?? `Sheet${sheet.id ?? detected.sheets!.length + 1}`;
        detected.sheets!.push(name);
        const wanted = opts.sheet ? name === opts.sheet : !found;
        if (!wanted || found) {
          for await (const _ of sheet) {
            // drain sheets we skip; the reader needs them consumed to move on
          }
          continue;
        }
        found = true;
        detected.sheet = name;
        const buffered: { line: number; cells: unknown[] }[] = [];
        let names: string[] | undefined;
        const emit = function* (line: number, cells: unknown[]): Generator<ParsedItem> {
          const out: Record<string, unknown> = {};
          if (cells.length > names!.length) {
            yield {
              kind: 'problem',
              line,
              reason: `expected at most ${names!.length} cells, found ${cells.length}`,
              raw: cells.map(text).join(', ').slice(0, 500),
            };
            return;
          }
          for (const [i, n] of names!.entries()) setOwn(out, n, cells[i] ?? null);
          yield { kind: 'record', line, record: out };
        };
        for await (const row of sheet) {
          // row.values is 1-based with a hole at 0
          const cells = (row.values as unknown[]).slice(1).map(cellValue);
          if (cells.every((c) => c === null || c === '')) continue;
          if (!names) {
            buffered.push({ line: row.number, cells });
            if (buffered.length < 21) continue;
            names = decide(buffered);
            for (const b of buffered.slice(detected.header ? 1 : 0)) yield* emit(b.line, b.cells);
            continue;
          }
          yield* emit(row.number, cells);
        }
        if (!names && buffered.length) {
          names = decide(buffered);
          for (const b of buffered.slice(detected.header ? 1 : 0)) yield* emit(b.line, b.cells);
        }
      }
      if (!found)
        throw new UnreadableFileError(
          opts.sheet ? `The workbook has no sheet named "${opts.sheet}"` : 'The workbook has no sheets',
        );
    } finally {
      await rm(tmp, { force: true });
    }
  }

  function decide(rows: { cells: unknown[] }[]) {
    const width = Math.max(...rows.map((r) => r.cells.length));
    const first = rows[0]!.cells.map(text);
    detected.header =
      opts.header ??
      looksLikeHeader(
        first,
        rows.slice(1).map((r) => r.cells.map(text)),
      );
    return columnNames(detected.header ? first : undefined, width);
  }

  return { detected, items: items() };
}
