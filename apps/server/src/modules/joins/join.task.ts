import { DEFAULT_MAX_PAIRS, JoinLimitError, JoinRun } from '@mapwright/engine';
import { z } from 'zod';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import { AppError } from '../../lib/errors.ts';
import { createRecordWriter, NativeJoinLimitError, nativeExactJoin } from '../datasets/datasets.service.ts';
import { type JoinSettings, joinedRecord, statsDto } from './execute.ts';
import { findRunById, updateRun } from './joins.repository.ts';
import { type JoinInputSource, MAX_INPUT_ROWS, resolveSource } from './sources.ts';

/** Rows read per query and left rows matched between two yields to the event loop. */
const READ_ROWS = 100_000;
const MATCH_ROWS = 2_000;

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

/**
 * `join.run`: reads both inputs, matches them on the event loop in small steps (yielding between
 * them so the API and heartbeats stay answered), and writes the joined rows as a `records`
 * dataset. Re-runnable: a crashed attempt wrote nothing the run points at, so it starts over.
 */
export const joinTask = defineTask({
  kind: 'join.run',
  payload: z.object({ runId: z.uuid() }),
  async handler({ app, payload, signal, progress }) {
    const run = await findRunById(app.db, payload.runId);
    if (!run) throw new PermanentTaskError('The join run no longer exists');
    if (run.status === 'succeeded') return { rows: run.rowCount };
    const s = run.settings as unknown as JoinSettings;
    const set = (values: Parameters<typeof updateRun>[2]) => updateRun(app.db, run.id, values);
    const step = async (phase: string, fraction: number) => {
      progress({ phase, progress: fraction });
      await set({ phase, progress: fraction });
      if (signal.aborted) throw signal.reason;
    };
    await set({ status: 'running', phase: 'reading', progress: 0, error: null });
    const writer = await createRecordWriter(app, { orgId: run.organizationId, kind: 'join' });
    try {
      const left = await resolveSource(app, run.organizationId, s.left, 'left');
      const right = await resolveSource(app, run.organizationId, s.right, 'right');
      // exact keys on raw values of two CSV imports: DuckDB joins them natively (bench:joins)
      const exactOnly = s.conditions.every((c) => c.method === 'exact' && (c.normalise ?? 'none') === 'none');
      const [lds, rds] = exactOnly
        ? await Promise.all([left.columnsDataset(), right.columnsDataset()])
        : [undefined, undefined];
      if (lds && rds) {
        await step('joining', 0.1);
        const { dataset, stats } = await nativeExactJoin(app, run.organizationId, lds, rds, {
          kind: s.kind,
          keys: s.conditions,
          matches: s.matches,
          columns: run.columns,
          maxPairs: DEFAULT_MAX_PAIRS,
        });
        await set({
          status: 'succeeded',
          phase: null,
          progress: 1,
          datasetId: dataset.id,
          rowCount: dataset.rowCount,
          stats: statsDto(stats, dataset.rowCount),
          finishedAt: new Date(),
        });
        await writer.abort();
        return { rows: dataset.rowCount, native: true };
      }
      const total = left.rowCount + right.rowCount;
      let read = 0;
      const readAll = async (src: JoinInputSource) => {
        if (src.rowCount > MAX_INPUT_ROWS)
          throw new AppError(
            400,
            `"${src.name}" has ${src.rowCount} rows; a join reads at most ${MAX_INPUT_ROWS}`,
          );
        const rows: Record<string, unknown>[] = [];
        for (let from = 0; from < src.rowCount; from += READ_ROWS) {
          for (const r of JSON.parse(await src.readJson(from, from + READ_ROWS))) rows.push(r);
          read += Math.min(READ_ROWS, src.rowCount - from);
          await step('reading', (0.2 * read) / Math.max(1, total));
        }
        return rows;
      };
      const lRows = await readAll(left);
      const rRows = await readAll(right);
      await step('matching', 0.2);
      const join = new JoinRun(lRows, rRows, s);
      for (let from = 0; from < lRows.length; from += MATCH_ROWS) {
        join.matchRange(from, from + MATCH_ROWS);
        await step(
          'matching',
          0.2 + (0.6 * Math.min(lRows.length, from + MATCH_ROWS)) / Math.max(1, lRows.length),
        );
        await yieldToLoop();
      }
      const res = join.result();
      const cols = run.columns;
      for (let i = 0; i < res.rows.length; i++) {
        const wait = writer.append(i + 1, joinedRecord(cols, res.rows[i]!, lRows, rRows));
        if (wait) await wait;
        if (i % 20_000 === 19_999) await step('writing', 0.8 + (0.2 * i) / res.rows.length);
      }
      await step('writing', 0.99);
      const ds = await writer.finish();
      await set({
        status: 'succeeded',
        phase: null,
        progress: 1,
        datasetId: ds.id,
        rowCount: ds.rowCount,
        stats: statsDto(res.stats, res.rows.length),
        finishedAt: new Date(),
      });
      return { rows: ds.rowCount };
    } catch (err) {
      await writer.abort();
      // bad input or a join too big will not get better on a retry: fail the run now, saying why
      if (err instanceof JoinLimitError || err instanceof NativeJoinLimitError || err instanceof AppError) {
        await set({ status: 'failed', phase: null, error: err.message, finishedAt: new Date() });
        throw new PermanentTaskError(err.message);
      }
      if (signal.aborted && String(signal.reason?.message) === 'cancelled')
        await set({ status: 'cancelled', phase: null, finishedAt: new Date() });
      throw err;
    }
  },
});
