import { type Columns, resolve, TooManyCandidates } from '@mapwright/engine';
import type { DatasetRow } from '../../datasets/datasets.service.ts';
import { batchesOf, withWriters } from '../io.ts';
import { StepInputError, type StepKind, StepProblem } from './types.ts';

/*
 * A dedupe of the rows flowing in with the engine's entity resolution (`resolve/`: blocking
 * rules proposed from the columns unless given, a Fellegi-Sunter model trained without labels,
 * the threshold of maximum expected F1 unless given) — the resolution module's settings. Each
 * row goes out with `cluster_id`: the key of its cluster's first row (its `id_column`, else its
 * row number).
 */

/** Pairs blocking may compare before the step stops (as the resolution module's default). */
const MAX_CANDIDATES = 10_000_000;

type Rec = Record<string, unknown>;
const text = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

async function readAll(ctx: Parameters<StepKind<'resolve'>['run']>[0], ds: DatasetRow) {
  const rows: Rec[] = [];
  for await (const batch of batchesOf(ctx.app, ds)) for (const r of batch) rows.push(r);
  return rows;
}

export const resolveStep: StepKind<'resolve'> = {
  kind: 'resolve',
  label: 'Resolve',
  description: 'Finds the rows that are the same entity and gives each row its cluster_id',
  async outputs(_ctx, step, inputs) {
    const input = inputs.in ?? [];
    const has = (c: string) => input.some((x) => x.name === c);
    const { id_column, rules } = step.config;
    if (id_column && !has(id_column))
      throw new StepProblem(['config', 'id_column'], `the rows flowing in have no column "${id_column}"`);
    for (const [i, r] of (rules ?? []).entries())
      for (const [j, c] of r.columns.entries())
        if (!has(c))
          throw new StepProblem(
            ['config', 'rules', i, 'columns', j],
            `blocks on "${c}", which the rows flowing in do not have`,
          );
    if (has('cluster_id'))
      throw new StepProblem(['config'], 'the rows flowing in already have a "cluster_id" column');
    return { out: [...input, { name: 'cluster_id', type: 'string' }] };
  },
  uses: (_ctx, step) => [
    ...(step.config.id_column ? [step.config.id_column] : []),
    ...(step.config.rules ?? []).flatMap((r) => r.columns),
  ],
  async run(ctx, step) {
    const rows = await readAll(ctx, ctx.inputs.in!);
    const names = (ctx.inputColumns.in ?? []).map((c) => c.name);
    const left: Columns = Object.fromEntries(names.map((n) => [n, rows.map((r) => text(r[n]))]));
    const { id_column, rules, roles, threshold } = step.config;
    const keys = rows.map((r, i) => (id_column ? (text(r[id_column]) ?? `#${i + 1}`) : `#${i + 1}`));
    let clusters: ArrayLike<number>;
    try {
      clusters = resolve(
        { left, ...(id_column ? { idColumn: id_column } : {}) },
        {
          ...(rules ? { rules } : {}),
          ...(roles ? { roles: roles as never } : {}),
          ...(threshold !== undefined ? { threshold } : {}),
          maxCandidates: MAX_CANDIDATES,
        },
      ).clusters;
    } catch (err) {
      if (err instanceof TooManyCandidates)
        throw new StepInputError(
          `blocking rule "${err.rule}" compares more than ${err.limit} pairs: choose a more selective rule`,
        );
      throw err;
    }
    return withWriters(ctx.app, ctx.principal.orgId, 1, async ([out]) => {
      for (const [i, r] of rows.entries()) await out!.add({ ...r, cluster_id: keys[clusters[i] as number] });
      const ds = await out!.finish();
      const distinct = new Set(Array.from(clusters)).size;
      ctx.log('info', `${rows.length} rows in ${distinct} clusters`);
      return { rowsIn: rows.length, rowsOut: ds.rowCount, rowsRejected: 0, output: ds };
    });
  },
};
