import type { TFlowWritePreview } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../../context.ts';
import { AppError } from '../../../lib/errors.ts';
import { connectorOf, findConnectionRow, settingsOf } from '../../connectors/connections.service.ts';
import { connectorContext } from '../../connectors/context.ts';
import { isPermanent, messageOf } from '../../connectors/sync-runner.ts';
import { batchesOf, withWriters } from '../io.ts';
import {
  type RunContext,
  StepInputError,
  type StepKind,
  type StepOf,
  StepProblem,
  schemaOfColumns,
} from './types.ts';

type Step = StepOf<'destination'>;
/** Rows per destination write; each write is acknowledged with its checkpoint (rows of the input consumed). */
const WRITE_BATCH = 5_000;
const SAMPLES = 10;

async function destinationOf(app: AppContext, p: Principal, step: Step) {
  const row = await findConnectionRow(app, p.orgId, step.config.connection_id).catch((err) => {
    if (err instanceof AppError && err.statusCode === 404)
      throw new StepProblem(
        ['config', 'connection_id'],
        `connection ${step.config.connection_id} was not found`,
      );
    throw err;
  });
  const c = connectorOf(row.type);
  if (!c.open || !c.spec.roles.includes('destination'))
    throw new StepProblem(['config', 'connection_id'], `${c.spec.title} cannot be written to`);
  if (!(c.spec.writeModes ?? []).includes(step.config.write_mode))
    throw new StepProblem(
      ['config', 'write_mode'],
      `${c.spec.title} cannot ${step.config.write_mode} (it offers: ${(c.spec.writeModes ?? []).join(', ')})`,
    );
  return { row, c, open: c.open, settings: settingsOf(app, row) };
}

const keyOf = (key: string[], r: Record<string, unknown>) => JSON.stringify(key.map((k) => r[k] ?? null));
const missingKey = (key: string[], r: Record<string, unknown>) =>
  key.some((k) => r[k] === undefined || r[k] === null || r[k] === '');
/** Values as the destination hands them back (a numeric column's numbers as text, say) compare equal. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a == null || b == null) return a == null && b == null;
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  if (String(a) === String(b)) return true;
  const [x, y] = [Number(a), Number(b)];
  return !Number.isNaN(x) && x === y;
}

/**
 * What a commit would do, per key: the rows flowing in compared with the destination's rows
 * (read through the connector as a source would read the table). The last row of a key wins,
 * as an upsert writes it. The incoming rows are held by key and the destination's are streamed
 * past them: memory follows the rows being written, not the size of the table they go into
 * (a day's changes against a table of millions).
 */
async function preview(ctx: RunContext, step: Step): Promise<TFlowWritePreview> {
  const d = await destinationOf(ctx.app, ctx.principal, step);
  const key = step.config.primary_key ?? [];
  const p: TFlowWritePreview = {
    key,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    samples: { inserted: [], updated: [], rejected: [] },
  };
  const incoming = new Map<string, Record<string, unknown>>();
  for await (const batch of batchesOf(ctx.app, ctx.inputs.in!)) {
    for (const r of batch) {
      if (key.length && missingKey(key, r)) {
        p.rejected++;
        if (p.samples.rejected.length < SAMPLES)
          p.samples.rejected.push({ row: r, error: `no value for ${key.join(', ')}` });
      } else if (!key.length || step.config.write_mode === 'append') {
        p.inserted++;
        if (p.samples.inserted.length < SAMPLES) p.samples.inserted.push(r);
      } else incoming.set(keyOf(key, r), r);
    }
  }
  // per incoming key, the destination's row of that key (the last one read, should there be several)
  const before = new Map<string, Record<string, unknown>>();
  if (incoming.size && d.c.read && d.c.discover) {
    const cctx = connectorContext(ctx.app, undefined, ctx.principal.orgId);
    const schema = String(d.settings.schema ?? 'public');
    const streams = await d.c.discover(d.settings, cctx);
    const stream = streams.find(
      (s) => s.name === step.config.stream || s.name === `${schema}.${step.config.stream}`,
    );
    if (stream)
      for await (const m of d.c.read(
        d.settings,
        { stream: stream.name, syncMode: 'full_refresh', signal: ctx.signal },
        cctx,
      )) {
        if (m.type !== 'record') continue;
        const k = keyOf(key, m.data);
        if (incoming.has(k)) before.set(k, m.data);
      }
  }
  for (const [k, r] of incoming) {
    const old = before.get(k);
    if (!old) {
      p.inserted++;
      if (p.samples.inserted.length < SAMPLES) p.samples.inserted.push(r);
    } else if (Object.keys(r).every((c) => same(r[c], old[c]))) p.unchanged++;
    else {
      p.updated++;
      if (p.samples.updated.length < SAMPLES)
        p.samples.updated.push({ key: Object.fromEntries(key.map((c) => [c, r[c]])), before: old, after: r });
    }
  }
  return p;
}

/** The step's outputs (rows written, rows without a key) without writing: the commit already happened. */
function outputsOnly(ctx: RunContext, input: RunContext['inputs'][string], key: string[]) {
  return withWriters(ctx.app, ctx.principal.orgId, 2, async ([out, rejected]) => {
    for await (const batch of batchesOf(ctx.app, input, WRITE_BATCH))
      for (const r of batch)
        if (key.length && missingKey(key, r))
          await rejected!.add({ ...r, _errors: [{ path: key.join(','), message: 'no key value' }] });
        else await out!.add(r);
    const [o, rj] = [await out!.finish(), await rejected!.finish()];
    return {
      rowsIn: input.rowCount,
      rowsOut: o.rowCount,
      rowsRejected: rj.rowCount,
      output: o,
      rejected: rj,
    };
  });
}

/**
 * Writes the rows through the connector. Each batch is acknowledged with a checkpoint (rows of
 * the input consumed) stored by the destination in the batch's transaction under
 * `flow:<run>:<step>`; a step run again after its worker died asks for it and continues after
 * it, so no row is written twice or left out.
 */
async function commit(ctx: RunContext, step: Step) {
  const d = await destinationOf(ctx.app, ctx.principal, step);
  const key = step.config.primary_key ?? [];
  const input = ctx.inputs.in!;
  const writer = await d
    .open(
      d.settings,
      {
        stream: step.config.stream,
        mode: step.config.write_mode,
        primaryKey: key.length ? key.map((k) => [k]) : undefined,
        jsonSchema: schemaOfColumns(ctx.inputColumns.in ?? []),
        signal: ctx.signal,
        runId: `flow:${ctx.runId}:${step.id}`,
      },
      connectorContext(ctx.app, undefined, ctx.principal.orgId),
    )
    .catch((err) => {
      throw isPermanent(err) ? new StepInputError(messageOf(err)) : err;
    });
  const stored = (await writer.resumeState?.()) as { offset?: number } | undefined;
  // marked committed and the destination's checkpoint gone: the commit happened (it deletes the
  // checkpoint) before the last attempt stopped. Writing again would append twice; the fresh
  // writer (an empty staging table for an overwrite) is dropped. A destination without
  // checkpoints cannot tell, so it is written again as before.
  if (ctx.state.committed === true && writer.resumeState && stored === undefined) {
    await writer.abort();
    ctx.log('info', 'the destination committed before the last attempt stopped: nothing is written again');
    return outputsOnly(ctx, input, key);
  }
  const resumeAt = Number(stored?.offset ?? 0);
  if (resumeAt)
    ctx.log('info', `continuing after row ${resumeAt} (acknowledged before the last attempt stopped)`);
  try {
    return await withWriters(ctx.app, ctx.principal.orgId, 2, async ([out, rejected]) => {
      let offset = 0;
      for await (const batch of batchesOf(ctx.app, input, WRITE_BATCH)) {
        const ok: Record<string, unknown>[] = [];
        for (const r of batch) {
          if (key.length && missingKey(key, r))
            await rejected!.add({ ...r, _errors: [{ path: key.join(','), message: 'no key value' }] });
          else {
            ok.push(r);
            await out!.add(r);
          }
        }
        offset += batch.length;
        if (offset > resumeAt) await writer.write(ok, { offset });
        if (ctx.signal.aborted) throw ctx.signal.reason;
      }
      // marked before the commit: a worker dying after the commit (its checkpoint deleted with
      // it) but before the step is marked succeeded finds this and writes nothing again; one dying
      // between the mark and the commit leaves the destination's checkpoint, so either way the
      // next attempt writes no row twice
      await ctx.saveState({ committed: true });
      await writer.commit();
      const [o, rj] = [await out!.finish(), await rejected!.finish()];
      ctx.log('info', `wrote ${o.rowCount} rows to ${step.config.stream} (${step.config.write_mode})`);
      return {
        rowsIn: input.rowCount,
        rowsOut: o.rowCount,
        rowsRejected: rj.rowCount,
        output: o,
        rejected: rj,
      };
    });
  } catch (err) {
    await writer.abort().catch(() => {});
    throw isPermanent(err) ? new StepInputError(messageOf(err)) : err;
  }
}

export const destinationStep: StepKind<'destination'> = {
  kind: 'destination',
  label: 'Destination',
  description:
    'Writes the rows to a connection (append, overwrite or upsert), optionally after a write preview',
  async outputs(ctx, step, inputs) {
    await destinationOf(ctx.app, ctx.principal, step);
    const input = inputs.in ?? [];
    const key = step.config.primary_key ?? [];
    if (step.config.write_mode === 'upsert' && !key.length)
      throw new StepProblem(['config', 'primary_key'], 'an upsert needs a primary key');
    for (const [i, k] of key.entries())
      if (!input.some((c) => c.name === k))
        throw new StepProblem(
          ['config', 'primary_key', i],
          `the key column "${k}" is not among the rows flowing in`,
        );
    return { out: input };
  },
  uses: (_ctx, step) => step.config.primary_key ?? [],
  async run(ctx, step) {
    if ((ctx.preview || step.config.preview) && !ctx.approved) {
      const p = await preview(ctx, step).catch((err) => {
        throw err instanceof StepProblem || isPermanent(err) ? new StepInputError(messageOf(err)) : err;
      });
      ctx.log(
        'info',
        `preview: ${p.inserted} inserted, ${p.updated} updated, ${p.unchanged} unchanged, ${p.rejected} rejected`,
      );
      return {
        rowsIn: ctx.inputs.in!.rowCount,
        rowsOut: 0,
        rowsRejected: 0,
        pause: { kind: 'preview', preview: p },
        state: { preview: p },
      };
    }
    return commit(ctx, step).catch((err) => {
      throw err instanceof StepProblem ? new StepInputError(err.message) : err;
    });
  },
};
