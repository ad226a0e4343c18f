/**
 * The reference interpreter: reads the spec afresh for every record, with no precomputation.
 * It is the yardstick the compiled mapper is property-tested against, and handles every
 * transform including JSONata (hence async).
 */
import jsonata from 'jsonata';
import { getPath, parsePath } from '../spec/paths.ts';
import type { FieldMapping, MappingSpec, Transform } from '../spec/types.ts';
import {
  concatInput,
  elementsOf,
  finish,
  inputOf,
  planFields,
  readsWholeInput,
  relativeSource,
  setPath,
} from './field.ts';
import { present, scalarOf } from './transforms.ts';

export interface EvalContext {
  /** the whole source record, bound as $record in JSONata */
  record: unknown;
  /** what relative paths and JSONata read: the record, or the array element being mapped */
  input: unknown;
}

async function applyTransform(t: Transform, value: unknown, ctx: EvalContext): Promise<unknown> {
  if (t.kind === 'jsonata') return jsonata(t.expression).evaluate(value, { record: ctx.record });
  if (t.kind === 'concat') return concatInput(t.separator)(value);
  if (t.kind === 'constant') return undefined;
  if (t.kind === 'chain') {
    let x = value;
    for (const [i, step] of t.steps.entries()) {
      if (i > 0 && !present(x)) return undefined;
      x = await applyTransform(step, x, ctx);
    }
    return x;
  }
  const fn = scalarOf(t);
  return fn ? fn(value) : undefined;
}

export async function evaluateField(
  field: FieldMapping,
  ctx: EvalContext,
  driver?: string,
): Promise<unknown> {
  const values = field.sources.map((s) => {
    const rel = relativeSource(s, driver);
    if (rel.fromElement && rel.path === '') return ctx.input;
    return getPath(rel.fromElement ? ctx.input : ctx.record, parsePath(rel.path) ?? []);
  });
  const input = readsWholeInput(field) ? ctx.input : inputOf(field.transform, values);
  return finish(await applyTransform(field.transform, input, ctx), field);
}

export async function interpretSpec(spec: MappingSpec, record: unknown): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const { plain, groups } = planFields(spec.fields);
  for (const f of plain) {
    const v = await evaluateField(f, { record, input: record });
    if (v !== undefined) setPath(out, f.target.split('.'), v);
  }
  for (const g of groups) {
    const elements =
      g.driver === undefined ? [record] : elementsOf(getPath(record, parsePath(g.driver) ?? []));
    if (!elements) continue;
    const built: Record<string, unknown>[] = [];
    for (const el of elements) {
      const o: Record<string, unknown> = {};
      for (const { field, rest } of g.fields) {
        const v = await evaluateField(field, { record, input: el }, g.driver);
        if (v !== undefined) setPath(o, rest.split('.'), v);
      }
      built.push(o);
    }
    // without a source array there is one element, and only if something was mapped into it
    if (g.driver === undefined && Object.keys(built[0] ?? {}).length === 0) continue;
    setPath(out, g.targetPrefix.split('.'), built);
  }
  return out;
}
