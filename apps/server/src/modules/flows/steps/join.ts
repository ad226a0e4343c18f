import { JoinLimitError, JoinRun, joinOutputColumns } from '@mapwright/engine';
import type { AppContext } from '../../../context.ts';
import type { DatasetRow } from '../../datasets/datasets.service.ts';
import { JOIN_META_COLUMNS, joinedRecord } from '../../joins/joins.service.ts';
import { batchesOf, withWriters } from '../io.ts';
import { type Column, StepInputError, type StepKind, StepProblem } from './types.ts';

/** Rows a join step holds per side (both sides are in memory while they are matched), as join runs do. */
const MAX_SIDE_ROWS = 2_000_000;
/** Left rows matched between two yields to the event loop. */
const MATCH_ROWS = 2_000;

const names = (cols: Column[]) => cols.map((c) => c.name);

async function readAll(app: AppContext, ds: DatasetRow, side: string) {
  if (ds.rowCount > MAX_SIDE_ROWS)
    throw new StepInputError(
      `the ${side} input has ${ds.rowCount} rows; a join reads at most ${MAX_SIDE_ROWS}`,
    );
  const rows: Record<string, unknown>[] = [];
  for await (const batch of batchesOf(app, ds)) for (const r of batch) rows.push(r);
  return rows;
}

export const joinStep: StepKind<'join'> = {
  kind: 'join',
  label: 'Join',
  description:
    'Joins two inputs on exact or fuzzy conditions (the joins module’s kinds, threshold and prefixes)',
  async outputs(_ctx, step, inputs) {
    const [left, right] = [inputs.left ?? [], inputs.right ?? []];
    for (const [i, c] of step.config.conditions.entries()) {
      if (!left.some((x) => x.name === c.left))
        throw new StepProblem(
          ['config', 'conditions', i, 'left'],
          `the left input has no column "${c.left}"`,
        );
      if (!right.some((x) => x.name === c.right))
        throw new StepProblem(
          ['config', 'conditions', i, 'right'],
          `the right input has no column "${c.right}"`,
        );
    }
    const types = {
      left: new Map(left.map((c) => [c.name, c.type])),
      right: new Map(right.map((c) => [c.name, c.type])),
    };
    const out = joinOutputColumns(names(left), names(right), step.config.prefixes, JOIN_META_COLUMNS).map(
      (c) => ({
        name: c.name,
        type: types[c.side].get(c.source) ?? null,
      }),
    );
    return { out: [...out, { name: '_score', type: 'number' }, { name: '_match', type: 'string' }] };
  },
  uses: (_ctx, step) => step.config.conditions.flatMap((c) => [c.left, c.right]),
  async run(ctx, step) {
    const [lRows, rRows] = [
      await readAll(ctx.app, ctx.inputs.left!, 'left'),
      await readAll(ctx.app, ctx.inputs.right!, 'right'),
    ];
    const cols = joinOutputColumns(
      names(ctx.inputColumns.left ?? []),
      names(ctx.inputColumns.right ?? []),
      step.config.prefixes,
      JOIN_META_COLUMNS,
    );
    let res: ReturnType<JoinRun['result']>;
    try {
      const join = new JoinRun(lRows, rRows, step.config);
      for (let from = 0; from < lRows.length; from += MATCH_ROWS) {
        join.matchRange(from, from + MATCH_ROWS);
        await new Promise<void>((r) => setImmediate(r));
        if (ctx.signal.aborted) throw ctx.signal.reason;
      }
      res = join.result();
    } catch (err) {
      throw err instanceof JoinLimitError ? new StepInputError(err.message) : err;
    }
    return withWriters(ctx.app, ctx.principal.orgId, 1, async ([out]) => {
      for (const pair of res.rows) await out!.add(joinedRecord(cols, pair, lRows, rRows));
      const ds = await out!.finish();
      ctx.log(
        'info',
        `${res.stats.matchedLeft} of ${lRows.length} left rows matched; ${ds.rowCount} rows out`,
      );
      // a join's rows in are both sides'; nothing is rejected (unmatched rows follow the join kind)
      return { rowsIn: lRows.length + rRows.length, rowsOut: ds.rowCount, rowsRejected: 0, output: ds };
    });
  },
};
