/**
 * A run's validation errors grouped by type, then field, then rule, with exact counts over
 * every failed record and a few sample values each: one request, whatever the number of failures.
 */
import type { TErrorGroups } from '@mapwright/contracts';
import type { MappingSpec } from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { jobs, type results } from '../../db/schema.ts';
import { type ErrorRuleCount, errorRuleCounts } from '../datasets/datasets.service.ts';
import { readRecords } from './records.ts';
import { datasetOf, entriesAt, type ResultEntry, resultBatches } from './result-rows.ts';

type ResultRow = typeof results.$inferSelect;
type RecordErrors = Record<string, { error_type: string; error_message: string }>;
const MAX_SAMPLES = 5;

/** The message of an error without its field and its value (as json-errors.ts does natively). */
export function ruleOf(field: string, message: string) {
  let rule = message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
  rule = rule.replace(/, got .*$/s, '');
  if (/^value ".*" is not unique/s.test(rule)) rule = 'must be unique, but the value repeats';
  return rule.replace(/^`[^`]*` /, 'the value ');
}

/** Results stored before datasets: the same counts, in JavaScript. */
async function legacyCounts(ctx: AppContext, r: ResultRow): Promise<ErrorRuleCount[]> {
  const by = new Map<string, ErrorRuleCount>();
  for await (const batch of resultBatches(ctx, r))
    for (const e of batch) {
      const errors = (e.message as { record_errors?: RecordErrors } | null)?.record_errors ?? {};
      for (const [field, x] of Object.entries(errors)) {
        const rule = ruleOf(field, x.error_message);
        const key = `${x.error_type}\u0000${field}\u0000${rule}`;
        const g = by.get(key) ?? { type: x.error_type, field, rule, count: 0, first: [] };
        g.count++;
        if (g.first.length < MAX_SAMPLES) g.first.push(e.index);
        by.set(key, g);
      }
    }
  return [...by.values()].sort((a, b) => b.count - a.count);
}

const valueAt = (o: unknown, path: string) => {
  let v = o;
  for (const k of path.split(/\.|\[(\d+)\]/).filter((x) => x !== undefined && x !== ''))
    v = v && typeof v === 'object' && Object.hasOwn(v, k) ? (v as Record<string, unknown>)[k] : undefined;
  return v;
};

export async function errorGroups(ctx: AppContext, r: ResultRow): Promise<TErrorGroups> {
  const ds = await datasetOf(ctx, r);
  const counts = ds ? await errorRuleCounts(ctx, ds) : await legacyCounts(ctx, r);
  // samples: the first failing records of each field, the mapped value, else what its source held
  const fields = new Map<
    string,
    { type: string; field: string; count: number; rules: { rule: string; count: number }[]; first: number[] }
  >();
  for (const c of counts) {
    const key = `${c.type}\u0000${c.field}`;
    const g = fields.get(key) ?? { type: c.type, field: c.field, count: 0, rules: [], first: [] };
    g.count += c.count;
    g.rules.push({ rule: c.rule, count: c.count });
    for (const i of c.first) if (g.first.length < MAX_SAMPLES && !g.first.includes(i)) g.first.push(i);
    fields.set(key, g);
  }
  const indices = [...new Set([...fields.values()].flatMap((g) => g.first))].sort((a, b) => a - b);
  const entries = new Map<number, ResultEntry>((await entriesAt(ctx, r, indices)).map((e) => [e.index, e]));
  const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, r.jobId));
  const sources = new Map<number, unknown>();
  for (const i of indices) if (job) sources.set(i, (await readRecords(ctx, job, i, i + 1))[0]);
  const spec = r.spec as unknown as MappingSpec;
  const sourcesOf = (field: string) =>
    spec.fields.find((f) => f.target === field.replace(/\[\d+\]/g, '[*]'))?.sources ?? [];
  const types = new Map<string, TErrorGroups['types'][number]>();
  for (const g of fields.values()) {
    const seen = new Set<string>();
    const samples: TErrorGroups['types'][number]['fields'][number]['samples'] = [];
    for (const i of g.first) {
      const mapped = valueAt(entries.get(i)?.mapped_record, g.field);
      let sample = { value: mapped, from: 'mapped' as 'mapped' | 'source' | 'missing', index: i };
      if (mapped === undefined) {
        const src = sourcesOf(g.field)
          .map((s) => valueAt(sources.get(i), s.replace(/\[\*\]/g, '')))
          .find((v) => v !== undefined);
        sample = { value: src, from: src === undefined ? 'missing' : 'source', index: i };
      }
      const k = `${sample.from}:${JSON.stringify(sample.value)}`;
      if (!seen.has(k)) {
        seen.add(k);
        samples.push(sample);
      }
    }
    const t = types.get(g.type) ?? { type: g.type, count: 0, fields: [] };
    t.count += g.count;
    t.fields.push({ type: g.type, field: g.field, count: g.count, rules: g.rules, samples });
    types.set(g.type, t);
  }
  const list = [...types.values()];
  for (const t of list) t.fields.sort((a, b) => b.count - a.count || a.field.localeCompare(b.field));
  return { failed: r.failed, types: list.sort((a, b) => b.count - a.count || a.type.localeCompare(b.type)) };
}
