import type { Readable } from 'node:stream';
import { formatOf, listSheets, parseFile, UnreadableFileError } from '../../imports/imports.service.ts';
import {
  type Connector,
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type ReadMessage,
  type Settings,
} from '../contract.ts';
import { ROW_FIELD, SCHEMA_SAMPLE, schemaOfSample, streamNameOf, withRow } from '../dataset/record-schema.ts';

/*
 * The uploaded-file source: one file of the organization (its current version) as one stream.
 * The bytes are parsed by the import parsers (CSV/TSV with encoding, delimiter and header
 * detection, an Excel sheet — the `sheet` setting, else the first —, JSON arrays, JSON Lines,
 * Parquet), streamed: memory stays flat. A
 * checkpoint every page of records holds the next record index; a resumed read parses again
 * and skips the records before it.
 */

const CHECKPOINT_ROWS = 10_240;
/** Bad rows reported in the sync log at most (each is skipped; the import shows them all). */
const MAX_PROBLEM_LOGS = 20;
const READABLE = 'CSV, TSV, Excel (.xlsx), JSON, JSON Lines or Parquet';

async function openFile(settings: Settings, ctx: ConnectorContext) {
  if (!ctx.files)
    throw new ConnectorRuntimeError("uploaded files are not available here (no organization's data)");
  const id = typeof settings.file === 'string' ? settings.file : '';
  if (!id) throw new ConnectorSettingsError('file', 'pick a file');
  const file = await ctx.files.open(id);
  if (!file) throw new ConnectorSettingsError('file', `file ${id} was not found`);
  const format = formatOf(file.filename, file.contentType);
  if (!format)
    throw new ConnectorSettingsError(
      'file',
      `"${file.filename}" is not a file this source reads: upload ${READABLE}`,
    );
  const sheet = typeof settings.sheet === 'string' && settings.sheet ? settings.sheet : undefined;
  if (sheet !== undefined) await checkSheet(file, format, sheet);
  return { ...file, format, sheet };
}

type OpenStream = () => Promise<Readable>;

/** A sheet named in the settings must be one of the workbook's (and only workbooks have sheets). */
async function checkSheet(file: { filename: string; open: OpenStream }, format: string, sheet: string) {
  if (format !== 'xlsx')
    throw new ConnectorSettingsError(
      'sheet',
      `"${file.filename}" is not an Excel workbook: it has no sheets`,
    );
  const sheets = await listSheets(file.open).catch((err: unknown) => {
    if (err instanceof UnreadableFileError)
      throw new ConnectorSettingsError('file', `"${file.filename}" cannot be read: ${err.message}`);
    throw err;
  });
  if (!sheets.some((s) => s.name === sheet))
    throw new ConnectorSettingsError(
      'sheet',
      `"${file.filename}" has no sheet named "${sheet}"; its sheets: ${sheets.map((s) => `"${s.name}"`).join(', ')}`,
    );
}

type Item = { record: Record<string, unknown> } | { problem: string };

/** The file's records and (the first few) bad rows, from its start. */
async function* recordsOf(
  file: Awaited<ReturnType<typeof openFile>>,
  signal?: AbortSignal,
): AsyncGenerator<Item> {
  let parsed: Awaited<ReturnType<typeof parseFile>>;
  try {
    parsed = await parseFile(file.format, file.open, { sheet: file.sheet }, () => {});
  } catch (err) {
    if (err instanceof UnreadableFileError)
      throw new ConnectorSettingsError('file', `"${file.filename}" cannot be read: ${err.message}`);
    throw err;
  }
  let problems = 0;
  try {
    for await (const item of parsed.items) {
      if (item.kind === 'record') yield { record: item.record };
      else if (problems++ < MAX_PROBLEM_LOGS)
        yield { problem: `${file.filename} line ${item.line}: ${item.reason} (skipped)` };
      if (signal?.aborted) return;
    }
  } catch (err) {
    if (err instanceof UnreadableFileError)
      throw new ConnectorSettingsError('file', `"${file.filename}" cannot be read: ${err.message}`);
    throw err;
  }
}

export const fileSourceConnector: Connector = {
  spec: {
    type: 'file',
    title: 'Uploaded file',
    description: `Reads an uploaded file of this organization: ${READABLE}`,
    roles: ['source'],
    settings: {
      type: 'object',
      required: ['file'],
      additionalProperties: false,
      properties: {
        file: {
          type: 'string',
          title: 'File',
          description: 'Its current version is read',
          minLength: 1,
          maxLength: 64,
          // the catalogue fills the organization's files in as choices (connections.service.ts)
          'x-choices': 'files',
        },
        sheet: {
          type: 'string',
          title: 'Sheet',
          description: 'Excel workbooks: the sheet to read, by name (the first sheet when empty)',
          maxLength: 100,
        },
      },
    },
    secretFields: [],
  },

  async check(settings, ctx) {
    await openFile(settings, ctx);
  },

  async discover(settings, ctx) {
    const file = await openFile(settings, ctx);
    const sample: Record<string, unknown>[] = [];
    const stop = new AbortController();
    for await (const r of recordsOf(file, stop.signal)) {
      if (!('record' in r)) continue;
      sample.push(withRow(r.record, sample.length));
      if (sample.length >= SCHEMA_SAMPLE) break;
    }
    stop.abort();
    return [
      {
        name: streamNameOf(file.name.replace(/\.[a-z0-9]+$/i, ''), 'rows'),
        jsonSchema: schemaOfSample(sample, file.name),
        syncModes: ['full_refresh'],
        primaryKey: [[ROW_FIELD]],
      },
    ];
  },

  async *read(settings, req, ctx): AsyncGenerator<ReadMessage> {
    const file = await openFile(settings, ctx);
    const skip = Number(req.state?.next_row ?? 0);
    if (!Number.isSafeInteger(skip) || skip < 0)
      throw new ConnectorRuntimeError(`the saved state ${JSON.stringify(req.state)} is not a row index`);
    let row = 0;
    for await (const r of recordsOf(file, req.signal)) {
      if (!('record' in r)) {
        yield { type: 'log', level: 'warn', message: r.problem };
        continue;
      }
      if (row >= skip) yield { type: 'record', data: withRow(r.record, row) };
      row++;
      if (row > skip && row % CHECKPOINT_ROWS === 0) yield { type: 'state', state: { next_row: row } };
    }
    yield { type: 'state', state: { next_row: row } };
  },
};
