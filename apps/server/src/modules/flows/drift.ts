import type { TFlowDriftDiff, TFlowStep } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { kindOf } from './kinds.ts';
import type { Version } from './runner.ts';
import { sourceReader } from './steps/source.ts';

/** Kinds that hand their input's columns on unchanged: a column used after them is still the source's. */
const PASS_THROUGH = new Set(['validate', 'filter']);

/**
 * The schema drift gate: the source's columns now against the ones the flow version was saved
 * with. A removed or retyped column that a later step reads (a filter's column, a mapper's
 * source, a destination's key — through steps that pass columns on unchanged) is breaking: the
 * run pauses with the diff. Added columns, and changes to columns nobody reads, pass and are logged.
 */
export async function driftOf(app: AppContext, p: Principal, def: Version, source: TFlowStep) {
  if (source.kind !== 'source') throw new Error('not a source');
  const before = def.outputs[source.id]?.out ?? [];
  const now = (await sourceReader(app, p, source.config.input)).columns;
  const nowBy = new Map(now.map((c) => [c.name, c.type]));
  const beforeBy = new Map(before.map((c) => [c.name, c.type]));
  const ctx = { app, principal: p };
  // which later step reads which of the source's columns
  const usedBy = new Map<string, Set<string>>();
  let mapStep: TFlowStep | undefined;
  const visit = async (from: string) => {
    for (const e of def.edges.filter((x) => x.from === from)) {
      const step = def.steps.find((s) => s.id === e.to)!;
      for (const col of await kindOf(step.kind)!.uses(ctx, step as never)) {
        if (!usedBy.has(col)) usedBy.set(col, new Set());
        usedBy.get(col)!.add(step.id);
      }
      if (step.kind === 'map') mapStep ??= step;
      if (PASS_THROUGH.has(step.kind)) await visit(step.id);
    }
  };
  await visit(source.id);
  const used = (c: string) => [...(usedBy.get(c) ?? [])];
  const diff: TFlowDriftDiff = {
    removed: before.filter((c) => !nowBy.has(c.name)).map((c) => ({ column: c.name, used_by: used(c.name) })),
    type_changed: before
      .filter((c) => nowBy.has(c.name) && c.type && nowBy.get(c.name) && nowBy.get(c.name) !== c.type)
      .map((c) => ({ column: c.name, from: c.type, to: nowBy.get(c.name) ?? null, used_by: used(c.name) })),
    added: now.filter((c) => !beforeBy.has(c.name)).map((c) => ({ column: c.name, type: c.type })),
    workshop_url:
      mapStep?.kind === 'map' ? `/workshop?pipeline=${encodeURIComponent(mapStep.config.pipeline_id)}` : null,
  };
  const breaking = [...diff.removed, ...diff.type_changed].some((c) => c.used_by.length > 0);
  return { breaking, diff };
}
