import {
  type TUsageKind,
  type TUsageLimit,
  type TUsageQuery,
  type TUsageReport,
  USAGE_KINDS,
} from '@mapwright/contracts';
import { stringify } from 'csv-stringify/sync';
import type { AppContext, Principal } from '../../context.ts';
import type { Llm } from '../../lib/llm.ts';
import { currentCounts, insertUsage, sumKind, sumsByOrg, usageRows, userOfKey } from './usage.repository.ts';

export interface UsageEvent {
  orgId: string;
  kind: TUsageKind;
  quantity?: number;
  userId?: string | null;
  pipelineId?: string | null;
  /** idempotency key: a re-run task writing the same event again changes nothing */
  key?: string;
  /** take the user from the earlier event with this key (a run's records belong to who started it) */
  userOfKey?: string;
}

/**
 * The usage ledger's one entry point: services call it as things happen (a run's records, a job
 * run, a pipeline created, a workflow run, a model call). Pass `{...ctx, db: tx}` to write it in
 * the caller's transaction.
 */
export async function recordUsage(ctx: Pick<AppContext, 'db'>, e: UsageEvent) {
  const quantity = e.quantity ?? 1;
  if (quantity <= 0) return;
  const userId = e.userId ?? (e.userOfKey ? await userOfKey(ctx.db, e.orgId, e.userOfKey) : null);
  await insertUsage(ctx.db, {
    organizationId: e.orgId,
    kind: e.kind,
    quantity,
    userId,
    pipelineId: e.pipelineId ?? null,
    key: e.key ?? null,
  });
}

/**
 * The configured model, counting each call and its tokens for the caller. A failed ledger write
 * is logged, never the reason a model answer is lost.
 */
export function meteredLlm(
  ctx: AppContext,
  who: { orgId: string; userId?: string | null; pipelineId?: string | null },
): Llm | null {
  const llm = ctx.llm;
  if (!llm) return null;
  return {
    async complete(system, user, opts) {
      let tokens = 0;
      try {
        return await llm.complete(system, user, { ...opts, onUsage: (u) => (tokens = u.tokens) });
      } finally {
        const base = { orgId: who.orgId, userId: who.userId, pipelineId: who.pipelineId };
        await Promise.all([
          recordUsage(ctx, { ...base, kind: 'llm_calls' }),
          recordUsage(ctx, { ...base, kind: 'llm_tokens', quantity: tokens }),
        ]).catch((err) => ctx.log.error({ err }, 'usage: the model call was not recorded'));
      }
    },
  };
}

const DAY = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

function rangeOf(q: TUsageQuery) {
  const to = q.to ?? isoDay(new Date());
  const from = q.from ?? isoDay(new Date(Date.parse(to) - 29 * DAY));
  return { from, to, start: new Date(`${from}T00:00:00Z`), end: new Date(Date.parse(to) + DAY) };
}

const zeros = () => Object.fromEntries(USAGE_KINDS.map((k) => [k, 0])) as Record<string, number>;

async function limitsOf(ctx: AppContext, orgId: string): Promise<TUsageLimit[]> {
  const now = new Date();
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [records, counts] = await Promise.all([
    sumKind(ctx.db, orgId, 'records_processed', monthStart, new Date(now.getTime() + DAY)),
    currentCounts(ctx.db, orgId),
  ]);
  const c = ctx.config;
  return [
    {
      name: 'records_per_month',
      label: 'Records this month',
      limit: c.PLAN_RECORDS_PER_MONTH ?? null,
      used: records,
    },
    { name: 'pipelines', label: 'Pipelines', limit: c.PLAN_PIPELINES ?? null, used: counts.pipelines },
    { name: 'seats', label: 'Seats', limit: c.PLAN_SEATS ?? null, used: counts.seats },
  ];
}

/** Usage of the caller's organization per day, pipeline and user, with the plan's limits. */
export async function usageReport(ctx: AppContext, orgId: string, q: TUsageQuery): Promise<TUsageReport> {
  const { from, to, start, end } = rangeOf(q);
  const [rows, limits] = await Promise.all([usageRows(ctx.db, orgId, start, end), limitsOf(ctx, orgId)]);
  const totals = zeros();
  const days = new Map<string, Record<string, number>>();
  for (let t = start.getTime(); t < end.getTime(); t += DAY) days.set(isoDay(new Date(t)), zeros());
  const byPipeline = new Map<string, { pipeline_id: string; name: string; counts: Record<string, number> }>();
  const byUser = new Map<string, { user_id: string; name: string; counts: Record<string, number> }>();
  for (const r of rows) {
    totals[r.kind] = (totals[r.kind] ?? 0) + r.quantity;
    const d = days.get(r.day);
    if (d) d[r.kind] = (d[r.kind] ?? 0) + r.quantity;
    if (r.pipelineId) {
      const p = byPipeline.get(r.pipelineId) ?? {
        pipeline_id: r.pipelineId,
        name: r.pipelineName ?? 'Deleted pipeline',
        counts: zeros(),
      };
      p.counts[r.kind] = (p.counts[r.kind] ?? 0) + r.quantity;
      byPipeline.set(r.pipelineId, p);
    }
    const userKey = r.userId ?? 'system';
    const u = byUser.get(userKey) ?? {
      user_id: userKey,
      name: r.userId ? (r.userName ?? r.userEmail ?? 'Removed user') : 'Schedules and system',
      counts: zeros(),
    };
    u.counts[r.kind] = (u.counts[r.kind] ?? 0) + r.quantity;
    byUser.set(userKey, u);
  }
  const busiest = (a: { counts: Record<string, number> }, b: { counts: Record<string, number> }) =>
    (b.counts.records_processed ?? 0) - (a.counts.records_processed ?? 0);
  return {
    from,
    to,
    totals,
    by_day: [...days].map(([day, counts]) => ({ day, counts })),
    by_pipeline: [...byPipeline.values()].sort(busiest),
    by_user: [...byUser.values()].sort(busiest),
    limits,
    llm_configured: ctx.llm !== null,
  };
}

/** The same sums as CSV: one line per day, kind, pipeline and user. */
export async function usageCsv(ctx: AppContext, p: Principal, q: TUsageQuery) {
  const { start, end } = rangeOf(q);
  const rows = await usageRows(ctx.db, p.orgId, start, end);
  return stringify(
    rows.map((r) => [
      r.day,
      r.kind,
      r.quantity,
      r.pipelineId ?? '',
      r.pipelineName ?? '',
      r.userId ?? '',
      r.userEmail ?? '',
    ]),
    {
      header: true,
      columns: ['day', 'kind', 'quantity', 'pipeline_id', 'pipeline', 'user_id', 'user_email'],
    },
  );
}

/** This calendar month's (UTC) headline counts for each organization (the internal settings list). */
export async function monthUsageOf(ctx: AppContext, orgIds: string[]) {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const sums = await sumsByOrg(ctx.db, orgIds, start, new Date(now.getTime() + DAY));
  return new Map(
    orgIds.map((id) => [
      id,
      {
        records_processed: sums.get(`${id}:records_processed`) ?? 0,
        job_runs: sums.get(`${id}:job_runs`) ?? 0,
        workflow_runs: sums.get(`${id}:workflow_runs`) ?? 0,
      },
    ]),
  );
}
