import { JOIN_SOURCE_KINDS } from '@mapwright/contracts';
import { type BlockingRule, type ColumnStats, type Columns, resolveIncremental } from '@mapwright/engine';
import { z } from 'zod';
import { defineTask, PermanentTaskError } from '../../jobs/worker.ts';
import {
  createRecordWriter,
  deleteDataset,
  findDataset,
  ROW_GROUP_ROWS,
  readDatasetRows,
} from '../datasets/datasets.service.ts';
import { recordKeys, writeGolden } from './golden.service.ts';
import { newRecords, type Rec, readInput } from './inputs.ts';
import * as repo from './resolution.repository.ts';

const ZSource = z.object({ kind: z.enum(JOIN_SOURCE_KINDS), id: z.uuid() });

type Summary = {
  records: number;
  clusters: number;
  threshold: number;
  comparisons: { column: string; m: number[]; u: number[]; tf_base?: number }[];
  applied?: { rules: BlockingRule[]; roles: Record<string, ColumnStats['role']>; lambda: number };
};

/** Rows read per call: ten row groups. */
const READ_SLICE = 10 * ROW_GROUP_ROWS;

const text = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * "Add new records": the records of an input not yet in a dedupe are scored against its
 * clusters with the last run's model and threshold (engine incremental.ts); the output and the
 * golden records are rewritten, and later full runs read the added input too.
 */
export const addRecordsTask = defineTask({
  kind: 'resolution.add',
  payload: z.object({ resolutionId: z.uuid(), orgId: z.uuid(), source: ZSource }),
  maxAttempts: 2,
  async handler({ app, payload, progress }) {
    const { orgId } = payload;
    const row = await repo.findResolution(app.db, orgId, payload.resolutionId);
    if (!row) return { skipped: true };
    const fail = async (message: string) => {
      await repo.updateResolution(app.db, orgId, row.id, { status: 'failed', error: message });
      throw new PermanentTaskError(message);
    };
    const config = row.config as { idColumn?: string; added?: unknown[] };
    const summary = row.summary as Summary | null;
    const ds = row.outputDatasetId ? await findDataset(app.db, orgId, row.outputDatasetId) : undefined;
    if (!summary?.applied || !ds) return fail('Run the resolution in full once before adding records');
    await repo.updateResolution(app.db, orgId, row.id, { status: 'running', error: null });
    progress({ step: 'reading' });
    // in slices of whole row groups: one read of a million records would build one string
    // past DuckDB's memory cap
    const old: Rec[] = [];
    for (let from = 0; from < ds.rowCount; from += READ_SLICE)
      for (const r of await readDatasetRows(app, ds, from, from + READ_SLICE)) old.push(r.record as Rec);
    const records = old.map(({ cluster_id: _, ...r }) => r);
    const added = newRecords(records, await readInput(app, orgId, payload.source), config.idColumn);
    const all = [...records, ...added];
    const names = [...new Set(all.flatMap((r) => Object.keys(r)))];
    const columns: Columns = Object.fromEntries(names.map((n) => [n, all.map((r) => text(r[n]))]));
    const keys = recordKeys(all as never, config.idColumn);
    const indexOf = new Map(keys.map((k, i) => [k, i]));
    const labels = await repo.labelsOf(app.db, orgId, row.id);
    const cannotLink = labels
      .filter((l) => l.label === 'no' && indexOf.has(l.aKey) && indexOf.has(l.bKey))
      .map((l) => [indexOf.get(l.aKey), indexOf.get(l.bKey)] as [number, number]);
    progress({ step: 'matching', records: added.length });
    let res: ReturnType<typeof resolveIncremental>;
    try {
      res = resolveIncremental(
        { left: columns, ...(config.idColumn ? { idColumn: config.idColumn } : {}) },
        {
          records: old.length,
          clusters: old.map((r) => indexOf.get(String(r.cluster_id)) ?? 0),
          model: {
            lambda: summary.applied.lambda,
            m: summary.comparisons.map((c) => Float64Array.from(c.m)),
            u: summary.comparisons.map((c) => Float64Array.from(c.u)),
            // runs before tf_base was stored: their u was the random pairs'
            tfBase: summary.comparisons.map((c) => c.tf_base ?? (c.u[0] as number)),
          },
          threshold: summary.threshold,
          rules: summary.applied.rules,
          roles: summary.applied.roles,
        },
        { cannotLink },
      );
    } catch (e) {
      return fail((e as Error).message);
    }
    progress({ step: 'saving' });
    const writer = await createRecordWriter(app, { orgId, kind: 'resolution' });
    try {
      for (let i = 0; i < all.length; i++)
        await writer.append(i + 1, { cluster_id: keys[res.clusters[i] as number], ...(all[i] as Rec) });
    } catch (e) {
      await writer.abort();
      throw e;
    }
    const out = await writer.finish();
    await deleteDataset(app, orgId, ds.id).catch(() => {});
    const updated = await repo.updateResolution(app.db, orgId, row.id, {
      outputDatasetId: out.id,
      config: { ...config, added: [...(config.added ?? []), payload.source] },
      summary: {
        ...summary,
        records: all.length,
        clusters: new Set(res.clusters).size,
        last_added: { records: added.length, attached: res.attached, scored: res.scored },
      },
    });
    await writeGolden(app, orgId, updated!);
    await repo.updateResolution(app.db, orgId, row.id, { status: 'succeeded' });
    return { added: added.length, attached: res.attached };
  },
});
