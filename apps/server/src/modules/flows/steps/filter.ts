import type { TFlowFilterCondition } from '@mapwright/contracts';
import { batchesOf, withWriters } from '../io.ts';
import { type StepKind, StepProblem } from './types.ts';

type Condition = TFlowFilterCondition;
const ORDERED = new Set(['gt', 'gte', 'lt', 'lte']);
const NUMERIC = new Set(['integer', 'number']);

const asNumber = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;

/** Numbers compare as numbers (CSV text "10" > 9), anything else as text. */
function compare(a: unknown, b: unknown): number {
  const [x, y] = [asNumber(a), asNumber(b)];
  if (!Number.isNaN(x) && !Number.isNaN(y)) return x - y;
  return String(a).localeCompare(String(b));
}

export function matches(c: Condition, row: Record<string, unknown>): boolean {
  const v = Object.hasOwn(row, c.column) ? row[c.column] : undefined;
  const missing = v === undefined || v === null || v === '';
  switch (c.op) {
    case 'is_null':
      return missing;
    case 'not_null':
      return !missing;
    case 'eq':
      return !missing && compare(v, c.value) === 0;
    case 'neq':
      return missing || compare(v, c.value) !== 0;
    case 'contains':
      return (
        !missing &&
        String(v)
          .toLowerCase()
          .includes(String(c.value ?? '').toLowerCase())
      );
    default: {
      if (missing) return false;
      const d = compare(v, c.value);
      return c.op === 'gt' ? d > 0 : c.op === 'gte' ? d >= 0 : c.op === 'lt' ? d < 0 : d <= 0;
    }
  }
}

export const filterStep: StepKind<'filter'> = {
  kind: 'filter',
  label: 'Filter',
  description: 'Keeps the rows that match all (or any) of its conditions',
  async outputs(_ctx, step, inputs) {
    const input = inputs.in ?? [];
    const types = new Map(input.map((c) => [c.name, c.type]));
    for (const [i, c] of step.config.conditions.entries()) {
      const loc = ['config', 'conditions', i];
      if (!types.has(c.column))
        throw new StepProblem(
          [...loc, 'column'],
          `filters on "${c.column}", which the rows flowing in do not have`,
        );
      const needsValue = c.op !== 'is_null' && c.op !== 'not_null';
      if (needsValue && (c.value === undefined || c.value === null))
        throw new StepProblem([...loc, 'value'], `"${c.op}" on "${c.column}" needs a value`);
      const type = types.get(c.column);
      if (ORDERED.has(c.op) && typeof c.value === 'number' && type && !NUMERIC.has(type) && type !== 'string')
        throw new StepProblem(
          [...loc, 'op'],
          `"${c.column}" is ${type}: it cannot be compared with a number`,
        );
      if (c.op === 'contains' && type && (type === 'object' || type === 'array' || type === 'boolean'))
        throw new StepProblem([...loc, 'op'], `"${c.column}" is ${type}: "contains" needs text`);
    }
    return { out: input };
  },
  uses: (_ctx, step) => step.config.conditions.map((c) => c.column),
  async run(ctx, step) {
    const input = ctx.inputs.in!;
    const { match, conditions } = step.config;
    const keep = (r: Record<string, unknown>) =>
      match === 'all' ? conditions.every((c) => matches(c, r)) : conditions.some((c) => matches(c, r));
    return withWriters(ctx.app, ctx.principal.orgId, 1, async ([out]) => {
      for await (const batch of batchesOf(ctx.app, input))
        for (const r of batch) if (keep(r)) await out!.add(r);
      const ds = await out!.finish();
      ctx.log('info', `kept ${ds.rowCount} of ${input.rowCount} rows`);
      // the rows filtered out count as rejected, so in = out + rejected holds on every step
      return {
        rowsIn: input.rowCount,
        rowsOut: ds.rowCount,
        rowsRejected: input.rowCount - ds.rowCount,
        output: ds,
      };
    });
  },
};
