import type { TCreateResolutionRequest, TJoinSource, TResolution } from '@mapwright/contracts';
import { inferRole, prepareTable, proposeRules } from '@mapwright/engine';
import type { AppContext, Principal } from '../../context.ts';
import { resolutions } from '../../db/schema.ts';
import { AppError, FieldError, notFound } from '../../lib/errors.ts';
import { offsetOf, pageOf } from '../../lib/pagination.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { findDataset, readDatasetRows } from '../datasets/datasets.service.ts';
import { getImport, importRecords } from '../imports/imports.service.ts';
import { inputsOf, leftOf, loadInput, readInput } from './inputs.ts';
import * as repo from './resolution.repository.ts';

function toDto(r: repo.ResolutionRow): TResolution {
  const config = r.config as { idColumn?: string; threshold?: number };
  return {
    id: r.id,
    name: r.name,
    kind: inputsOf(r).right ? 'link' : 'dedupe',
    status: r.status as TResolution['status'],
    import_id: r.importId,
    right_import_id: r.rightImportId,
    input: inputsOf(r).left ?? null,
    right_input: inputsOf(r).right ?? null,
    id_column: config.idColumn ?? null,
    threshold: config.threshold ?? null,
    summary: (r.summary as TResolution['summary']) ?? null,
    output_dataset_id: r.outputDatasetId,
    golden_dataset_id: r.goldenDatasetId,
    error: r.error,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export async function listResolutions(ctx: AppContext, p: Principal, q: { page: number; size: number }) {
  const { rows, total } = await repo.listResolutions(ctx.db, p.orgId, q.size, offsetOf(q.page, q.size));
  return pageOf(rows.map(toDto), total, q.page, q.size);
}

export async function getResolution(ctx: AppContext, p: Principal, id: string) {
  const row = await repo.findResolution(ctx.db, p.orgId, id);
  if (!row) throw notFound('Entity resolution not found');
  return toDto(row);
}

/**
 * Checks an input before anything runs: it exists here and has rows (an import has finished),
 * it has at least two columns besides the key, and the key column exists. A column with no
 * values is a warning (it is left out), not an error.
 */
async function checkInput(ctx: AppContext, p: Principal, field: string, src: TJoinSource, idColumn?: string) {
  let names: string[];
  let sample: Record<string, unknown>[];
  if (src.kind === 'import') {
    const imp = await getImport(ctx, p, src.id).catch(() => {
      throw new FieldError(['body', field], 'no such import');
    });
    if (imp.status !== 'succeeded')
      throw new FieldError(['body', field], `the import is ${imp.status}, not finished`);
    names = (imp.columns ?? []).map((c: { name: string }) => c.name);
    // a sample tells which columns hold nothing usable
    sample = (await importRecords(ctx, p.orgId, src.id, 0, 2000)) as Record<string, unknown>[];
  } else {
    const loaded = await loadInput(ctx, p, field, src);
    names = loaded.names;
    sample = loaded.records.slice(0, 2000);
  }
  if (idColumn !== undefined && !names.includes(idColumn))
    throw new FieldError(['body', 'id_column'], `no column "${idColumn}" in the input`);
  const compared = names.filter((n: string) => n !== idColumn);
  if (compared.length < 2)
    throw new FieldError(
      ['body', field],
      `needs at least two columns to compare besides the key; the import has ${compared.length}`,
    );
  const usable = compared.filter((c: string) => {
    const s = inferRole(
      c,
      sample.map((r) => (r[c] == null ? null : String(r[c]))),
    );
    return s.role !== 'ignore';
  });
  if (usable.length < 2)
    throw new FieldError(
      ['body', field],
      `needs at least two columns with values; only ${usable.length} of ${compared.length} have any that differ`,
    );
  return names;
}

/** The request's inputs and the fields that name them (for errors). */
function sourcesOf(input: {
  import_id?: string;
  input?: TJoinSource;
  right_import_id?: string;
  right_input?: TJoinSource;
}) {
  if (input.right_import_id && input.right_input)
    throw new FieldError(['body', 'right_input'], 'give either right_import_id or right_input, not both');
  const right: TJoinSource | undefined =
    input.right_input ?? (input.right_import_id ? { kind: 'import', id: input.right_import_id } : undefined);
  return {
    left: leftOf(input),
    right,
    leftField: input.input ? 'input' : 'import_id',
    rightField: input.right_input ? 'right_input' : 'right_import_id',
  };
}

export async function createResolution(ctx: AppContext, p: Principal, input: TCreateResolutionRequest) {
  assertCanWrite(p);
  const { left: leftSrc, right: rightSrc, leftField, rightField } = sourcesOf(input);
  const left = await checkInput(ctx, p, leftField, leftSrc, input.id_column);
  if (rightSrc) await checkInput(ctx, p, rightField, rightSrc, input.id_column);
  for (const rule of input.rules ?? [])
    for (const c of rule.columns)
      if (!left.includes(c)) throw new FieldError(['body', 'rules'], `no column "${c}" in the input`);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(resolutions)
      .values({
        organizationId: p.orgId,
        name: input.name,
        importId: leftSrc.kind === 'import' ? leftSrc.id : null,
        rightImportId: rightSrc?.kind === 'import' ? rightSrc.id : null,
        config: {
          left: leftSrc,
          ...(rightSrc ? { right: rightSrc } : {}),
          idColumn: input.id_column,
          rules: input.rules,
          roles: input.roles,
          threshold: input.threshold,
        },
      })
      .returning();
    const task = await ctx.queue.enqueue('resolution.run', { resolutionId: row!.id }, { orgId: p.orgId, tx });
    await repo.updateResolution(tx as never, p.orgId, row!.id, { taskId: task!.id });
    return row!.id;
  });
  return getResolution(ctx, p, id);
}

/** Runs again with the labels so far (and a new threshold or rules when given). */
export async function rerunResolution(
  ctx: AppContext,
  p: Principal,
  id: string,
  change: { threshold?: number | null; rules?: unknown[] },
) {
  assertCanWrite(p);
  const row = await repo.findResolution(ctx.db, p.orgId, id);
  if (!row) throw notFound('Entity resolution not found');
  if (row.status === 'queued' || row.status === 'running')
    throw new AppError(409, 'This resolution is already running');
  const config = { ...(row.config as Record<string, unknown>) };
  if (change.threshold !== undefined) config.threshold = change.threshold ?? undefined;
  if (change.rules) config.rules = change.rules;
  const task = await ctx.queue.enqueue('resolution.run', { resolutionId: id }, { orgId: p.orgId });
  await repo.updateResolution(ctx.db, p.orgId, id, {
    config,
    status: 'queued',
    error: null,
    taskId: task!.id,
  });
  return getResolution(ctx, p, id);
}

export async function reviewQueue(ctx: AppContext, p: Principal, id: string, limit: number) {
  await getResolution(ctx, p, id);
  const [pairs, apart, labels, row] = await Promise.all([
    repo.listPairs(ctx.db, p.orgId, id, limit),
    repo.listPairs(ctx.db, p.orgId, id, limit, true),
    repo.labelsOf(ctx.db, p.orgId, id),
    repo.findResolution(ctx.db, p.orgId, id),
  ]);
  const byKey = new Map(labels.map((l) => [`${l.aKey}\u0000${l.bKey}`, l.label]));
  const summary = row?.summary as { prior?: number; not_linked?: NotLinked[] } | null;
  const prior = summary?.prior ?? 0;
  const notLinked = new Map((summary?.not_linked ?? []).map((n) => [`${n.a_key}\u0000${n.b_key}`, n]));
  const item = (x: repo.PairRow) => {
    const key = `${x.aKey}\u0000${x.bKey}`;
    const elsewhere = notLinked.get(key);
    return {
      a_key: x.aKey,
      b_key: x.bKey,
      weight: x.weight,
      probability: x.probability,
      fields: x.fields as never,
      label: (byKey.get(key) as 'yes' | 'no' | 'skip' | undefined) ?? null,
      risk: x.risk,
      risk_reason: x.riskReason,
      linked_elsewhere: elsewhere
        ? { record: elsewhere.record, partner: elsewhere.partner, probability: elsewhere.probability }
        : null,
    };
  };
  return { prior, items: pairs.map(item), not_linked: apart.map(item) };
}

/** A pair the linkage's assignment passed over, as the run noted it (resolution.task.ts). */
interface NotLinked {
  a_key: string;
  b_key: string;
  record: string;
  partner: string;
  probability: number;
}

export async function labelPair(
  ctx: AppContext,
  p: Principal,
  id: string,
  input: { a_key: string; b_key: string; label: string },
) {
  assertCanWrite(p);
  await getResolution(ctx, p, id);
  await repo.upsertLabel(ctx.db, {
    organizationId: p.orgId,
    resolutionId: id,
    aKey: input.a_key,
    bKey: input.b_key,
    label: input.label,
    createdBy: p.userId,
  });
}

/** Records of the output: each with its cluster id, in input order. */
export async function resolvedRecords(ctx: AppContext, p: Principal, id: string, from: number, size: number) {
  const row = await repo.findResolution(ctx.db, p.orgId, id);
  if (!row) throw notFound('Entity resolution not found');
  const ds = row.outputDatasetId ? await findDataset(ctx.db, p.orgId, row.outputDatasetId) : undefined;
  if (!ds) throw new AppError(409, 'This resolution has no result yet');
  const rows = await readDatasetRows(ctx, ds, from, from + size);
  return { total: ds.rowCount, items: rows.map((r) => r.record) };
}

const asText = (v: unknown) =>
  v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** What the wizard proposes: column roles and blocking rules with their pair counts. */
export async function proposeResolution(
  ctx: AppContext,
  p: Principal,
  input: {
    import_id?: string;
    input?: TJoinSource;
    right_import_id?: string;
    right_input?: TJoinSource;
    id_column?: string;
  },
) {
  const { left: leftSrc, right: rightSrc, leftField, rightField } = sourcesOf(input);
  await checkInput(ctx, p, leftField, leftSrc, input.id_column);
  if (rightSrc) await checkInput(ctx, p, rightField, rightSrc, input.id_column);
  const read = async (src: TJoinSource) => {
    const records = await readInput(ctx, p.orgId, src);
    const names = [...new Set(records.flatMap((r) => Object.keys(r)))];
    return Object.fromEntries(names.map((n) => [n, records.map((r) => asText(r[n]))]));
  };
  const left = await read(leftSrc);
  const right = rightSrc ? await read(rightSrc) : undefined;
  const { table, stats } = prepareTable({
    left,
    ...(right ? { right } : {}),
    ...(input.id_column ? { idColumn: input.id_column } : {}),
  });
  const proposal = proposeRules(table, stats);
  return {
    records: table.size,
    columns: stats.map((s) => ({
      column: s.column,
      role: s.role,
      null_rate: s.nullRate,
      distinct_ratio: s.distinctRatio,
      ...(s.reason ? { reason: s.reason } : {}),
    })),
    rules: proposal.rules,
    rejected: proposal.rejected,
    warnings: proposal.warnings,
  };
}

/**
 * Adds the records of an input that are not in a dedupe yet, scored against its clusters in
 * the background (add-records.task.ts).
 */
export async function addRecords(
  ctx: AppContext,
  p: Principal,
  id: string,
  body: { import_id?: string; input?: TJoinSource },
) {
  assertCanWrite(p);
  const row = await repo.findResolution(ctx.db, p.orgId, id);
  if (!row) throw notFound('Entity resolution not found');
  if (inputsOf(row).right)
    throw new AppError(409, 'Adding records is for a dedupe; run a linkage again in full');
  if (row.status !== 'succeeded' || !(row.summary as { applied?: unknown } | null)?.applied)
    throw new AppError(409, 'Run the resolution in full (and let it finish) before adding records');
  const src = leftOf(body);
  const config = row.config as { idColumn?: string };
  await checkInput(ctx, p, body.input ? 'input' : 'import_id', src, config.idColumn);
  const task = await ctx.queue.enqueue(
    'resolution.add',
    { resolutionId: id, orgId: p.orgId, source: src },
    { orgId: p.orgId },
  );
  await repo.updateResolution(ctx.db, p.orgId, id, { status: 'queued', error: null, taskId: task!.id });
  return getResolution(ctx, p, id);
}
