import { parse } from 'csv-parse';
import iconv from 'iconv-lite';
import { columnNames, looksLikeHeader, sniffDelimiter, sniffEncoding } from './detect.ts';
import { byteCounter, type OpenStream, readSample } from './source.ts';
import type { Detected, ParsedItem, ParseOptions } from './types.ts';
import { setOwn, UnreadableFileError } from './types.ts';

const RAW_LIMIT = 500;

/** The dialect (encoding, delimiter, quote, header) and column names, from the first 64 KiB. */
export async function detectCsv(
  open: OpenStream,
  opts: ParseOptions & { tsv?: boolean },
): Promise<{ detected: Detected; names: string[] }> {
  const sample = await readSample(open);
  const encoding = opts.encoding ?? sniffEncoding(sample);
  if (!iconv.encodingExists(encoding)) throw new UnreadableFileError(`Unknown encoding "${encoding}"`);
  const text = iconv.decode(sample, encoding).replace(/^\uFEFF/, '');
  if (text.includes('\u0000'))
    throw new UnreadableFileError('This looks like a binary file, not delimited text');
  const quote = opts.quote ?? '"';
  const delimiter = opts.delimiter ?? (opts.tsv ? '\t' : sniffDelimiter(text, quote));

  // peek at the first rows to decide about the header
  const firstRows: string[][] = [];
  const peek = parse(text, {
    delimiter,
    quote,
    relax_column_count: true,
    skip_empty_lines: true,
    to_line: 21,
    skip_records_with_error: true,
  });
  for await (const row of peek) firstRows.push(row as string[]);
  const header = opts.header ?? looksLikeHeader(firstRows[0] ?? [], firstRows.slice(1, -1));
  const detected: Detected = { format: opts.tsv ? 'tsv' : 'csv', encoding, delimiter, quote, header };
  const width = firstRows[0]?.length ?? 0;
  return { detected, names: width ? columnNames(header ? firstRows[0] : undefined, width) : [] };
}

/**
 * Streams a delimited text file. Encoding, delimiter and header are detected from the first
 * 64 KiB unless given. A row with the wrong number of fields or broken quoting becomes a problem
 * with its line number; parsing goes on with the next row.
 */
export async function parseCsv(
  open: OpenStream,
  opts: ParseOptions & { tsv?: boolean },
  onBytes: (n: number) => void,
): Promise<{ detected: Detected; items: AsyncIterable<ParsedItem> }> {
  const { detected } = await detectCsv(open, opts);
  const { encoding, delimiter, quote, header } = detected as Required<Detected>;

  async function* items(): AsyncIterable<ParsedItem> {
    const parser = parse({
      delimiter,
      quote,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      info: true,
      max_record_size: 1_048_576,
    });
    const skipped: ParsedItem[] = [];
    parser.on('skip', (err: Error & { lines?: number; raw?: string }) => {
      skipped.push({
        kind: 'problem',
        line: err.lines ?? 0,
        reason: err.message,
        raw: err.raw?.slice(0, RAW_LIMIT),
      });
    });
    const input = (await open()).pipe(byteCounter(onBytes)).pipe(iconv.decodeStream(encoding));
    input.on('error', (err) => parser.destroy(err));
    input.pipe(parser);
    let names: string[] | undefined;
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      while (skipped.length) yield skipped.shift()!;
      if (!names) {
        names = columnNames(header ? record : undefined, record.length);
        if (header) continue;
      }
      if (record.length !== names.length) {
        yield {
          kind: 'problem',
          line: info.lines,
          reason: `expected ${names.length} fields, found ${record.length}`,
          raw: record.join(delimiter).slice(0, RAW_LIMIT),
        };
        continue;
      }
      const out: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) setOwn(out, names[i]!, record[i] === '' ? null : record[i]);
      yield { kind: 'record', line: info.lines, record: out };
    }
    while (skipped.length) yield skipped.shift()!;
    if (!names) throw new UnreadableFileError('The file has no rows');
  }
  return { detected, items: items() };
}
