import type { AppContext, Principal } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { connectorOf, findConnectionRow, settingsOf } from '../../connectors/connections.service.ts';
import { connectorContext } from '../../connectors/context.ts';
import { type DatasetRow, findDataset, readDatasetRecordsJson } from '../../datasets/datasets.service.ts';
import { joinableInput } from '../../joins/joins.service.ts';
import { READ_BATCH, withWriters } from '../io.ts';
import {
  type Column,
  columnsOfSchema,
  StepInputError,
  type StepKind,
  type StepOf,
  StepProblem,
} from './types.ts';

type Input = StepOf<'source'>['config']['input'];

/** The profile's types (imports) as JSON types: what a filter or destination can rely on. */
const JSON_TYPES: Record<string, string> = { integer: 'integer', number: 'number', boolean: 'boolean' };
const SAMPLE_FOR_COLUMNS = 200;

/** Reads a source in batches of records. */
interface SourceReader {
  columns: Column[];
  read(signal: AbortSignal): AsyncIterable<Record<string, unknown>[]>;
}

function problem(err: unknown, what: string): never {
  if (err instanceof AppError && [404, 409].includes(err.statusCode))
    throw new StepProblem(['config', 'input', 'id'], `${what}: ${err.detail}`);
  throw err;
}

async function datasetReader(app: AppContext, ds: DatasetRow): Promise<SourceReader> {
  if (ds.layout === 'json')
    throw new StepProblem(['config', 'input', 'id'], 'a job result is read as kind "result"');
  let columns: Column[];
  if (ds.layout === 'columns') columns = ds.columns.map((c) => ({ name: c.name, type: 'string' }));
  else {
    // records carry no column list: the keys of the first records
    const seen = new Map<string, string | null>();
    for (const r of JSON.parse(await readDatasetRecordsJson(app, ds, 0, SAMPLE_FOR_COLUMNS)) as object[])
      for (const [k, v] of Object.entries(r ?? {}))
        if (!seen.has(k) || seen.get(k) === null)
          seen.set(k, v === null ? null : Number.isInteger(v) ? 'integer' : typeof v);
    columns = [...seen].map(([name, type]) => ({ name, type }));
  }
  return {
    columns,
    async *read() {
      for (let from = 0; from < ds.rowCount; from += READ_BATCH)
        yield JSON.parse(await readDatasetRecordsJson(app, ds, from, from + READ_BATCH));
    },
  };
}

/** Any source kind as columns + a batch reader (import, result and join_run through the joins module's reader). */
export async function sourceReader(app: AppContext, p: Principal, input: Input): Promise<SourceReader> {
  if (input.kind === 'connection') {
    const row = await findConnectionRow(app, p.orgId, input.id).catch((e) => problem(e, 'the connection'));
    const c = connectorOf(row.type);
    if (!c.discover || !c.read)
      throw new StepProblem(['config', 'input', 'id'], `${c.spec.title} is not a source: it has no streams`);
    if (!input.stream)
      throw new StepProblem(['config', 'input', 'stream'], 'a connection source needs a stream');
    const settings = settingsOf(app, row);
    const cctx = connectorContext(app, undefined, p.orgId);
    let streams: Awaited<ReturnType<NonNullable<typeof c.discover>>>;
    try {
      streams = await c.discover(settings, cctx);
    } catch (err) {
      throw new StepProblem(
        ['config', 'input', 'id'],
        `discovery failed: ${(err as Error).message}`,
        'connector_error',
      );
    }
    const stream = streams.find((s) => s.name === input.stream);
    if (!stream)
      throw new StepProblem(
        ['config', 'input', 'stream'],
        `the connection has no stream "${input.stream}" (it has: ${streams
          .map((s) => s.name)
          .slice(0, 20)
          .join(', ')})`,
      );
    const read = c.read;
    return {
      columns: columnsOfSchema(stream.jsonSchema),
      async *read(signal) {
        let batch: Record<string, unknown>[] = [];
        for await (const m of read(
          settings,
          { stream: stream.name, syncMode: 'full_refresh', signal },
          cctx,
        )) {
          if (m.type !== 'record') continue;
          batch.push(m.data);
          if (batch.length >= READ_BATCH) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length) yield batch;
      },
    };
  }
  if (input.kind === 'dataset') {
    const ds = await findDataset(app.db, p.orgId, input.id);
    if (!ds) throw new StepProblem(['config', 'input', 'id'], `dataset ${input.id} was not found`);
    return datasetReader(app, ds);
  }
  const src = await joinableInput(app, p.orgId, { kind: input.kind, id: input.id }, 'left').catch((e) =>
    problem(e, `the ${input.kind.replace('_', ' ')}`),
  );
  return {
    columns: src.columns.map((c) => ({ name: c.name, type: JSON_TYPES[c.type] ?? 'string' })),
    async *read() {
      for (let from = 0; from < src.rowCount; from += READ_BATCH)
        yield JSON.parse(await src.readJson(from, from + READ_BATCH));
    },
  };
}

export const sourceStep: StepKind<'source'> = {
  kind: 'source',
  label: 'Source',
  description: 'Reads an import, a dataset, a job result, a join’s output or a connection’s stream',
  async outputs(ctx, step) {
    return { out: (await sourceReader(ctx.app, ctx.principal, step.config.input)).columns };
  },
  uses: () => [],
  async run(ctx, step) {
    const src = await sourceReader(ctx.app, ctx.principal, step.config.input).catch((err) => {
      throw err instanceof StepProblem ? new StepInputError(err.message) : err;
    });
    return withWriters(ctx.app, ctx.principal.orgId, 1, async ([out]) => {
      for await (const batch of src.read(ctx.signal)) {
        for (const r of batch) await out!.add(r);
        if (ctx.signal.aborted) throw ctx.signal.reason;
      }
      const ds = await out!.finish();
      ctx.log('info', `read ${ds.rowCount} rows`);
      return { rowsIn: ds.rowCount, rowsOut: ds.rowCount, rowsRejected: 0, output: ds };
    });
  },
};
