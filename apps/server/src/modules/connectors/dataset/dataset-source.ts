import {
  type Connector,
  type ConnectorContext,
  ConnectorRuntimeError,
  ConnectorSettingsError,
  type DatasetHandle,
  type ReadMessage,
  type Settings,
  type StreamDescriptor,
} from '../contract.ts';
import {
  ROW_FIELD,
  SCHEMA_SAMPLE,
  schemaOfSample,
  schemaOfTextColumns,
  streamNameOf,
  withRow,
} from './record-schema.ts';

/*
 * The Mapwright dataset source: one dataset of the organization (an import, a job result, joined
 * data, an entity-resolution output, a flow's or a sync's output) picked by name in the form.
 * Rows are read a row group at a time through ConnectorContext.datasets (the datasets module
 * owns rows); each page ends with a checkpoint at the next row index, so a sync resumes there.
 */

/** Rows read per page: one Parquet row group (a smaller read would decode a group again). */
export const PAGE_ROWS = 10_240;
/** A job result's second stream: every row with its status, not only the valid mapped records. */
const ALL_ROWS_SUFFIX = '_all_rows';

export function datasetsOf(ctx: ConnectorContext) {
  if (!ctx.datasets)
    throw new ConnectorRuntimeError("Mapwright datasets are not available here (no organization's data)");
  return ctx.datasets;
}

export async function openDataset(settings: Settings, ctx: ConnectorContext): Promise<DatasetHandle> {
  const id = typeof settings.dataset === 'string' ? settings.dataset : '';
  if (!id) throw new ConnectorSettingsError('dataset', 'pick a dataset');
  const ds = await datasetsOf(ctx).open(id);
  if (!ds) throw new ConnectorSettingsError('dataset', `dataset ${id} was not found`);
  return ds;
}

type StreamKind = 'rows' | 'valid' | 'all';

/** A result (`json` layout) offers its valid mapped records and all its rows; others their rows. */
function streamsOf(ds: DatasetHandle): { name: string; kind: StreamKind }[] {
  const base = streamNameOf(ds.name, 'rows');
  if (ds.layout !== 'json') return [{ name: base, kind: 'rows' }];
  return [
    { name: base, kind: 'valid' },
    { name: `${base}${ALL_ROWS_SUFFIX}`, kind: 'all' },
  ];
}

/** A dataset row as the stream's record (null when the stream leaves it out). */
function recordOf(kind: StreamKind, row: Record<string, unknown>, index: number) {
  if (kind === 'rows') return withRow(row, index);
  if (kind === 'all') return withRow(row, index);
  if (row.valid !== true) return null;
  const mapped = row.mapped_record;
  return withRow(mapped && typeof mapped === 'object' ? (mapped as Record<string, unknown>) : {}, index);
}

async function descriptorOf(ds: DatasetHandle, s: { name: string; kind: StreamKind }) {
  let jsonSchema: Record<string, unknown>;
  if (ds.layout === 'columns') jsonSchema = schemaOfTextColumns(ds.columns, ds.name);
  else {
    const sample: Record<string, unknown>[] = [];
    for (const [i, row] of (await ds.read(0, SCHEMA_SAMPLE)).entries()) {
      const r = recordOf(s.kind, row, i);
      if (r) sample.push(r);
    }
    jsonSchema = schemaOfSample(sample, ds.name);
  }
  const incremental = ds.appendOnly;
  return {
    name: s.name,
    jsonSchema,
    syncModes: incremental ? ['full_refresh', 'incremental'] : ['full_refresh'],
    primaryKey: [[ROW_FIELD]],
    ...(incremental ? { cursorFields: [[ROW_FIELD]] } : {}),
  } satisfies StreamDescriptor;
}

export const datasetSourceConnector: Connector = {
  spec: {
    type: 'dataset',
    title: 'Mapwright dataset',
    description:
      'Reads a dataset of this organization: an import, a job result, joined data, an entity-resolution or flow output',
    roles: ['source'],
    settings: {
      type: 'object',
      required: ['dataset'],
      additionalProperties: false,
      properties: {
        dataset: {
          type: 'string',
          title: 'Dataset',
          description: 'As the Data overview names it',
          minLength: 1,
          maxLength: 64,
          // the catalogue fills the organization's datasets in as choices (connections.service.ts)
          'x-choices': 'datasets',
        },
      },
    },
    secretFields: [],
  },

  async check(settings, ctx) {
    await openDataset(settings, ctx);
  },

  async discover(settings, ctx) {
    const ds = await openDataset(settings, ctx);
    return Promise.all(streamsOf(ds).map((s) => descriptorOf(ds, s)));
  },

  async *read(settings, req, ctx): AsyncGenerator<ReadMessage> {
    const ds = await openDataset(settings, ctx);
    const stream = streamsOf(ds).find((s) => s.name === req.stream);
    if (!stream) throw new ConnectorRuntimeError(`stream ${req.stream} no longer exists in ${ds.name}`);
    const start = Number(req.state?.next_row ?? 0);
    if (!Number.isSafeInteger(start) || start < 0)
      throw new ConnectorRuntimeError(
        `stream ${req.stream}: the saved state ${JSON.stringify(req.state)} is not a row index`,
      );
    // the row count read at the start is the upper bound: rows added meanwhile go to the next sync
    const end = ds.rowCount;
    for (let from = start; from < end; ) {
      const rows = await ds.read(from, Math.min(from + PAGE_ROWS, end));
      if (!rows.length) break;
      for (const [i, row] of rows.entries()) {
        const data = recordOf(stream.kind, row, from + i);
        if (data) yield { type: 'record', data };
      }
      from += rows.length;
      // every row before `from` is covered
      yield { type: 'state', state: { next_row: from } };
      if (req.signal.aborted) return;
    }
  },
};
