import { createStore, useStore } from '../../../lib/store.ts';
import { valueAtPath, withoutPath, withPathValue } from '../lib/paths.ts';

/**
 * Spec §3 "Edit workshop" slice: the bodies of the next edit requests. `sample` lists the
 * corrected values per record (only the corrected fields: the server reads a field left out as
 * "no change"); `immediate_return` is true by default, so a run answers at once and is polled.
 */
export interface TSampleEntry {
  index: number;
  mapped_record: Record<string, unknown>;
}
export interface TEditWorkshopState {
  immediate_return: boolean;
  sample: TSampleEntry[];
  target_schema: Record<string, unknown> | null;
  target_fields_to_prompt: Record<string, string>;
  global_context: string;
}

export const INITIAL_EDIT_WORKSHOP: TEditWorkshopState = {
  immediate_return: true,
  sample: [],
  target_schema: null,
  target_fields_to_prompt: {},
  global_context: '',
};

// ---- pure transitions -------------------------------------------------------------------------

export const withImmediateReturn = (
  s: TEditWorkshopState,
  immediate_return: boolean,
): TEditWorkshopState => ({
  ...s,
  immediate_return,
});

/** Records the corrected value of one field of record `index` (paths without `[*]`). */
export function withCorrection(
  s: TEditWorkshopState,
  index: number,
  target: string,
  value: unknown,
): TEditWorkshopState {
  const at = s.sample.findIndex((e) => e.index === index);
  const before = at >= 0 ? (s.sample[at] as TSampleEntry).mapped_record : {};
  const entry = { index, mapped_record: withPathValue(before, target, value) };
  return {
    ...s,
    sample: at >= 0 ? s.sample.map((e, i) => (i === at ? entry : e)) : [...s.sample, entry],
  };
}

/** Takes one correction back; a record left with none leaves the list. */
export function withoutCorrection(s: TEditWorkshopState, index: number, target: string): TEditWorkshopState {
  const sample = s.sample
    .map((e) => (e.index === index ? { ...e, mapped_record: withoutPath(e.mapped_record, target) } : e))
    .filter((e) => Object.keys(e.mapped_record).length > 0);
  return { ...s, sample };
}

export const withoutSample = (s: TEditWorkshopState, index: number): TEditWorkshopState => ({
  ...s,
  sample: s.sample.filter((e) => e.index !== index),
});

export const sampleFor = (s: TEditWorkshopState, index: number) => s.sample.find((e) => e.index === index);

/** The corrected value of a field on a record, if it has one. */
export function correctionOf(
  s: TEditWorkshopState,
  index: number,
  target: string,
): { value: unknown } | undefined {
  const e = sampleFor(s, index);
  if (!e) return undefined;
  const v = valueAtPath(e.mapped_record, target);
  return v === undefined ? undefined : { value: v };
}

/** How many values are corrected on a record (leaves of its partial record). */
export function correctionCount(s: TEditWorkshopState, index: number): number {
  const count = (v: unknown): number =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.values(v as Record<string, unknown>).reduce<number>((n, x) => n + count(x), 0)
      : 1;
  const e = sampleFor(s, index);
  return e ? count(e.mapped_record) : 0;
}

export const withTargetSchema = (
  s: TEditWorkshopState,
  target_schema: Record<string, unknown> | null,
): TEditWorkshopState => ({ ...s, target_schema });

/** Chooses a field to prompt for (with an empty instruction) or drops it. */
export function withPromptField(s: TEditWorkshopState, target: string, on: boolean): TEditWorkshopState {
  const next = { ...s.target_fields_to_prompt };
  if (on) next[target] = next[target] ?? '';
  else delete next[target];
  return { ...s, target_fields_to_prompt: next };
}
export const withPromptInstruction = (
  s: TEditWorkshopState,
  target: string,
  text: string,
): TEditWorkshopState => ({
  ...s,
  target_fields_to_prompt: { ...s.target_fields_to_prompt, [target]: text },
});
export const withGlobalContext = (s: TEditWorkshopState, global_context: string): TEditWorkshopState => ({
  ...s,
  global_context,
});

/** Spec §4: the clear action resets the target schema, the prompt fields and the sample. */
export const cleared = (s: TEditWorkshopState): TEditWorkshopState => ({
  ...s,
  target_schema: null,
  target_fields_to_prompt: {},
  sample: [],
});

// ---- request bodies ---------------------------------------------------------------------------

export function sampleRunBody(s: TEditWorkshopState, index: number) {
  const e = sampleFor(s, index);
  return e
    ? { sample: { index: e.index, mapped_record: e.mapped_record }, immediate_return: s.immediate_return }
    : null;
}

/** The prompt request, or why it cannot be sent yet. */
export function promptRunBody(s: TEditWorkshopState) {
  const entries = Object.entries(s.target_fields_to_prompt);
  if (entries.length === 0) return { error: 'Choose at least one field' } as const;
  const missing = entries.filter(([, text]) => !text.trim()).map(([t]) => t);
  if (missing.length) return { error: `Say what you want for ${missing.join(', ')}` } as const;
  return {
    body: {
      target_fields_to_prompt: Object.fromEntries(entries.map(([t, text]) => [t, text.trim()])),
      ...(s.global_context.trim() ? { global_context: s.global_context.trim() } : {}),
      immediate_return: s.immediate_return,
    },
  } as const;
}

export function targetSchemaRunBody(s: TEditWorkshopState) {
  return s.target_schema ? { target_schema: s.target_schema, immediate_return: s.immediate_return } : null;
}

// ---- the store and its actions ----------------------------------------------------------------

export const editWorkshopStore = createStore<TEditWorkshopState>(INITIAL_EDIT_WORKSHOP);
export const useEditWorkshop = () => useStore(editWorkshopStore);
const apply =
  <A extends unknown[]>(fn: (s: TEditWorkshopState, ...a: A) => TEditWorkshopState) =>
  (...a: A) =>
    editWorkshopStore.set((s) => fn(s, ...a));

export const setImmediateReturn = apply(withImmediateReturn);
export const correctValue = apply(withCorrection);
export const uncorrectValue = apply(withoutCorrection);
export const dropSample = apply(withoutSample);
export const setTargetSchema = apply(withTargetSchema);
export const setPromptField = apply(withPromptField);
export const setPromptInstruction = apply(withPromptInstruction);
export const setGlobalContext = apply(withGlobalContext);
export const clearEditWorkshop = apply(cleared);
/** A new workshop: nothing carried over but the run preference. */
export const resetEditWorkshop = () =>
  editWorkshopStore.set((s) => ({ ...INITIAL_EDIT_WORKSHOP, immediate_return: s.immediate_return }));
