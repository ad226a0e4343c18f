import type { AppContext } from '../../context.ts';
import { createRecordWriter, type DatasetRow, readDatasetRecordsJson } from '../datasets/datasets.service.ts';

/** Rows read from an input dataset per query, and handed on per batch. */
export const READ_BATCH = 5_000;

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/** A dataset's records in batches (read natively as JSON text), yielding to the event loop between them. */
export async function* batchesOf(app: AppContext, ds: DatasetRow, size = READ_BATCH) {
  for (let from = 0; from < ds.rowCount; from += size) {
    yield JSON.parse(await readDatasetRecordsJson(app, ds, from, from + size)) as Record<string, unknown>[];
    await yieldToLoop();
  }
}

/** A step's output: a `records` dataset (kind `flow`) written through the datasets module. */
export async function outputWriter(app: AppContext, orgId: string) {
  const w = await createRecordWriter(app, { orgId, kind: 'flow' });
  let n = 0;
  return {
    get rows() {
      return n;
    },
    async add(record: unknown) {
      n++;
      const wait = w.append(n, record);
      if (wait) await wait;
    },
    finish: () => w.finish(),
    abort: () => w.abort(),
  };
}

export type OutputWriter = Awaited<ReturnType<typeof outputWriter>>;

/** Opens writers, runs `body`, and aborts every writer when it throws. */
export async function withWriters<T>(
  app: AppContext,
  orgId: string,
  count: number,
  body: (writers: OutputWriter[]) => Promise<T>,
): Promise<T> {
  const writers: OutputWriter[] = [];
  try {
    for (let i = 0; i < count; i++) writers.push(await outputWriter(app, orgId));
    return await body(writers);
  } catch (err) {
    await Promise.all(writers.map((w) => w.abort().catch(() => {})));
    throw err;
  }
}
