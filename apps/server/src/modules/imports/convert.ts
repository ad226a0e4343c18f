import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FieldError } from '../../lib/errors.ts';
import { formatOf, type ImportFormat, parseFile, UnreadableFileError } from './parsers/index.ts';

/**
 * `POST /convert/sheets` answers inside the request with every record in its body, so it takes
 * small files only; larger ones go through files + imports, which stream to a dataset.
 */
export const CONVERT_LIMITS = { maxBytes: 10 * 1024 * 1024, maxRecords: 100_000 };

export interface ConvertedSheet {
  name: string;
  records: Record<string, unknown>[];
  /** rows that could not be read as a record (e.g. more cells than the header names) */
  problems: { line: number; reason: string }[];
}

const FILE = ['body', 'file'];
const tooLarge = () =>
  new FieldError(
    FILE,
    `the file is larger than ${CONVERT_LIMITS.maxBytes / 1024 / 1024} MiB: upload it (POST /files) and import it instead`,
    'too_large',
  );

/** By name, else by the bytes: a zip is a workbook, an OLE2 compound file a legacy .xls. */
function formatFor(name: string, bytes: Buffer): ImportFormat | 'xls' | undefined {
  if (/\.xls$/i.test(name) || bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0])))
    return 'xls';
  const byName = formatOf(name);
  if (byName) return byName;
  if (bytes.subarray(0, 4).equals(Buffer.from('PK\u0003\u0004', 'latin1'))) return 'xlsx';
  return 'csv';
}

async function readSheet(format: ImportFormat, bytes: Buffer, sheet: string | undefined, budget: number) {
  const { detected, items } = await parseFile(
    format,
    async () => Readable.from([bytes]),
    { sheet },
    () => {},
  );
  const out: Omit<ConvertedSheet, 'name'> = { records: [], problems: [] };
  for await (const item of items) {
    if (item.kind === 'problem') out.problems.push({ line: item.line, reason: item.reason });
    else if (out.records.push(item.record) > budget)
      throw new FieldError(
        FILE,
        `the file holds more than ${CONVERT_LIMITS.maxRecords} records: upload it (POST /files) and import it instead`,
        'too_large',
      );
  }
  return { ...out, detected };
}

/**
 * An .xlsx, .csv or .tsv file as JSON records, sheet by sheet (all sheets, or the ones named),
 * read with the import parsers: the same header detection, cell values and zip-bomb check.
 */
export async function convertSheets(file: { name: string; bytes: Buffer }, wanted?: string[]) {
  if (file.bytes.length === 0) throw new FieldError(FILE, 'the file is empty');
  if (file.bytes.length > CONVERT_LIMITS.maxBytes) throw tooLarge();
  const format = formatFor(file.name, file.bytes);
  if (format === 'xls')
    throw new FieldError(FILE, 'legacy .xls workbooks are not read: save the file as .xlsx or .csv');
  if (format !== 'xlsx' && format !== 'csv' && format !== 'tsv')
    throw new FieldError(FILE, `a ${format} file is not a sheet: send .xlsx, .csv or .tsv`);
  try {
    if (format !== 'xlsx') {
      const sheet = await readSheet(format, file.bytes, undefined, CONVERT_LIMITS.maxRecords);
      const name = file.name.replace(/\.[^.]*$/, '') || 'Sheet1';
      return { name: file.name, sheets: [{ name, records: sheet.records, problems: sheet.problems }] };
    }
    // the parser reads one sheet per pass and lists every sheet's name as it goes
    const sheets: ConvertedSheet[] = [];
    let budget = CONVERT_LIMITS.maxRecords;
    let names = wanted?.length ? wanted : undefined;
    for (let i = 0; i < (names?.length ?? 1); i++) {
      const { detected, ...sheet } = await readSheet('xlsx', file.bytes, names?.[i], budget);
      names ??= detected.sheets ?? [];
      sheets.push({ name: detected.sheet ?? names[i] ?? `Sheet${i + 1}`, ...sheet });
      budget -= sheet.records.length;
    }
    return { name: file.name, sheets };
  } catch (err) {
    if (err instanceof FieldError) throw err;
    if (err instanceof UnreadableFileError)
      throw new FieldError(/no sheet named/.test(err.message) ? ['body', 'sheets'] : FILE, err.message);
    // anything else the parsers throw is a file they could not make sense of
    throw new FieldError(FILE, `the file could not be read as ${format}: ${(err as Error).message}`);
  }
}

const ZConvertJson = z.object({
  /** the file's bytes as a binary string (what the Lume SDK's FileReader.readAsBinaryString gives) */
  file: z.string().min(1),
  encoding: z.enum(['binary', 'base64']).default('binary'),
  name: z.string().max(255).default('upload.xlsx'),
  sheets: z.union([z.array(z.string().max(200)).max(100), z.string().max(10_000)]).optional(),
});

const sheetList = (v: string[] | string | undefined) =>
  (typeof v === 'string' ? v.split(',') : (v ?? [])).map((s) => s.trim()).filter(Boolean);

/**
 * The file and options of a convert request: multipart (part `file`, fields `name` and `sheets`
 * comma-separated, as the Python SDK sends) or JSON `{file, name, sheets}` (the TypeScript SDK).
 */
export async function convertRequestOf(req: FastifyRequest) {
  if (!req.isMultipart()) {
    const parsed = ZConvertJson.safeParse(req.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new FieldError(['body', ...issue.path.map(String)], issue.message, issue.code);
    }
    const { file, encoding, name, sheets } = parsed.data;
    return {
      file: { name, bytes: Buffer.from(file, encoding === 'base64' ? 'base64' : 'latin1') },
      sheets: sheetList(sheets),
    };
  }
  let file: { name: string; bytes: Buffer } | undefined;
  const fields: Record<string, string> = {};
  for await (const part of req.parts()) {
    if (part.type === 'field') fields[part.fieldname] = String(part.value ?? '');
    else if (part.fieldname !== 'file' || file)
      await part.toBuffer(); // drained, not kept
    else {
      const chunks: Buffer[] = [];
      let size = 0;
      // past the limit the rest is read and dropped, never held in memory
      for await (const chunk of part.file) {
        size += chunk.length;
        if (size <= CONVERT_LIMITS.maxBytes) chunks.push(chunk);
      }
      if (size > CONVERT_LIMITS.maxBytes) throw tooLarge();
      file = { name: part.filename, bytes: Buffer.concat(chunks) };
    }
  }
  if (!file) throw new FieldError(FILE, 'Field required', 'missing');
  return { file: { ...file, name: fields.name || file.name }, sheets: sheetList(fields.sheets) };
}
