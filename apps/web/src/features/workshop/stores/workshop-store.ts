import type {
  TFieldMapping,
  TJob,
  TMapperEditTransform,
  TMapping,
  TPipeline,
  TResult,
  TWorkshop,
} from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';
import type { TFieldFilter } from '../lib/field-rows.ts';

/**
 * Spec §3 "Workshop" slice. The store keeps what the client owns (selection, tabs, the edit in
 * progress, flags); the server's objects (workshop, pipeline, job, results, draft) come from
 * TanStack Query and are joined into the whole slice by useWorkshopState. Every change here is a
 * pure function of the previous state, exported for tests; the `set…` actions apply them.
 */
export type TEditStatus = 'idle' | 'running' | 'success' | 'error';
export type TEditKind = 'sample' | 'manual' | 'targetSchema' | 'prompt' | 'approve';
export type TTargetTab = 'fields' | 'record';
export type TPanel = 'manual' | 'prompt' | 'sample' | null;
/** specTargetTabIndex: 0 the mapping, 1 the target schema, 2 the generated transformation */
export const SPEC_TARGET_TABS = ['mapping', 'target-schema', 'transformation'] as const;

/** A manual (mapper) edit being composed: texts as typed, read when it is applied. */
export interface TManualDraft {
  targetField: string;
  extract: string;
  transform: TMapperEditTransform;
  /** the default as typed; empty = none */
  defaultText: string;
  lookup: { from: string; to: string }[];
}

export interface TWorkshopInputs {
  workshopId: string | null;
  selectedSourceIndex: number;
  selectedField: string | null;
  fieldFilter: TFieldFilter;
  /** the result on screen when the workshop opened */
  initialResultId: string | null;
  /** the run started by the latest edit */
  editResultId: string | null;
  /** the latest finished result: its values stay on screen while a newer run is under way */
  shownResultId: string | null;
  /** the target schema as JSON text in the editor; null = not edited */
  editTargetSchema: string | null;
  editTransformation: TManualDraft | null;
  editStatus: TEditStatus;
  editError: string | null;
  specTargetTabIndex: number;
  targetTab: TTargetTab;
  panel: TPanel;
  sampleEditTrigger: boolean;
  manualEditTrigger: boolean;
  targetSchemaEditTrigger: boolean;
}

export const INITIAL_WORKSHOP: TWorkshopInputs = {
  workshopId: null,
  selectedSourceIndex: 0,
  selectedField: null,
  fieldFilter: 'all',
  initialResultId: null,
  editResultId: null,
  shownResultId: null,
  editTargetSchema: null,
  editTransformation: null,
  editStatus: 'idle',
  editError: null,
  specTargetTabIndex: 0,
  targetTab: 'fields',
  panel: null,
  sampleEditTrigger: false,
  manualEditTrigger: false,
  targetSchemaEditTrigger: false,
};

/** The whole spec slice: the inputs joined with the server's objects. */
export interface TWorkshopState {
  workshop: TWorkshop | null;
  pipeline: TPipeline | null;
  job: TJob | null;
  initialResult: TResult | null;
  /** the mappings page holding the selected record, from the initial result */
  initialMappings: TMapping[];
  selectedSourceRecord: unknown;
  selectedSourceIndex: number;
  editResult: TResult | null;
  editMappings: TMapping[];
  editTargetSchema: string | null;
  editTransformation: TManualDraft | null;
  editStatus: TEditStatus;
  undeployedEdits: number;
  spec: { version: number; fields: TFieldMapping[] } | null;
  specTargetTabIndex: number;
  targetTab: TTargetTab;
  sampleEditAllowed: boolean;
  sampleEditTrigger: boolean;
  manualEditAllowed: boolean;
  manualEditTrigger: boolean;
  targetSchemaEditAllowed: boolean;
  targetSchemaEditTrigger: boolean;
}

// ---- pure transitions -------------------------------------------------------------------------

/** Another workshop starts from scratch; the same one keeps its state (e.g. coming back to it). */
export const forWorkshop = (s: TWorkshopInputs, id: string): TWorkshopInputs =>
  s.workshopId === id ? s : { ...INITIAL_WORKSHOP, workshopId: id };

const clamp = (i: number, total: number) =>
  total <= 0 ? 0 : Math.min(Math.max(Math.floor(i), 0), total - 1);
export const withRecord = (s: TWorkshopInputs, index: number, total: number): TWorkshopInputs => ({
  ...s,
  selectedSourceIndex: clamp(index, total),
});
export const stepRecord = (s: TWorkshopInputs, delta: number, total: number) =>
  withRecord(s, s.selectedSourceIndex + delta, total);

export const withField = (s: TWorkshopInputs, target: string | null): TWorkshopInputs => ({
  ...s,
  selectedField: target,
});
/** Moves the field selection within the visible fields (none selected: the first or last). */
export function stepField(s: TWorkshopInputs, visible: readonly string[], delta: number): TWorkshopInputs {
  if (visible.length === 0) return s;
  const at = s.selectedField === null ? -1 : visible.indexOf(s.selectedField);
  const next =
    at < 0 ? (delta > 0 ? 0 : visible.length - 1) : Math.min(Math.max(at + delta, 0), visible.length - 1);
  return withField(s, visible[next] ?? null);
}
export const withFieldFilter = (s: TWorkshopInputs, fieldFilter: TFieldFilter): TWorkshopInputs => ({
  ...s,
  fieldFilter,
});
export const withSpecTargetTab = (s: TWorkshopInputs, index: number): TWorkshopInputs => ({
  ...s,
  specTargetTabIndex: clamp(index, SPEC_TARGET_TABS.length),
});
export const withTargetTab = (s: TWorkshopInputs, targetTab: TTargetTab): TWorkshopInputs => ({
  ...s,
  targetTab,
});
export const withPanel = (s: TWorkshopInputs, panel: TPanel): TWorkshopInputs => ({
  ...s,
  panel,
  // closing the manual panel drops the half-made edit
  editTransformation: panel === 'manual' ? s.editTransformation : null,
});

/** The result the workshop opened with (the workshop's latest run, else the job's) is known. */
export const withInitialResult = (s: TWorkshopInputs, id: string | null): TWorkshopInputs =>
  s.initialResultId !== null || id === null
    ? s
    : { ...s, initialResultId: id, shownResultId: s.shownResultId ?? id };

export const editStarted = (s: TWorkshopInputs): TWorkshopInputs => ({
  ...s,
  editStatus: 'running',
  editError: null,
});
const TRIGGERS: Partial<
  Record<TEditKind, 'sampleEditTrigger' | 'manualEditTrigger' | 'targetSchemaEditTrigger'>
> = {
  sample: 'sampleEditTrigger',
  manual: 'manualEditTrigger',
  targetSchema: 'targetSchemaEditTrigger',
};
/** An edit was accepted and its run started: follow that run; the edit's trigger flips. */
export function editQueued(s: TWorkshopInputs, kind: TEditKind, resultId: string | null): TWorkshopInputs {
  const trigger = TRIGGERS[kind];
  return {
    ...s,
    ...(trigger ? { [trigger]: !s[trigger] } : {}),
    editResultId: resultId ?? s.editResultId,
    editStatus: resultId ? 'running' : 'success',
    editError: null,
    panel: null,
    editTransformation: null,
    editTargetSchema: kind === 'targetSchema' ? null : s.editTargetSchema,
  };
}
export const editFailed = (s: TWorkshopInputs, message: string): TWorkshopInputs => ({
  ...s,
  editStatus: 'error',
  editError: message,
});
export const editErrorDismissed = (s: TWorkshopInputs): TWorkshopInputs =>
  s.editStatus === 'error' ? { ...s, editStatus: 'idle', editError: null } : s;
/** A run ended: its values go on screen; the edit that started it is done (or failed). */
export function resultSettled(
  s: TWorkshopInputs,
  id: string,
  ok: boolean,
  error?: string | null,
): TWorkshopInputs {
  const mine = id === s.editResultId;
  return {
    ...s,
    shownResultId: ok || !s.shownResultId ? id : s.shownResultId,
    editStatus: mine ? (ok ? 'success' : 'error') : s.editStatus,
    editError: mine && !ok ? (error ?? 'The run failed') : s.editError,
  };
}

export function startManualEdit(s: TWorkshopInputs, draft: TManualDraft): TWorkshopInputs {
  return { ...s, panel: 'manual', selectedField: draft.targetField, editTransformation: draft };
}
export const patchManualEdit = (s: TWorkshopInputs, patch: Partial<TManualDraft>): TWorkshopInputs =>
  s.editTransformation ? { ...s, editTransformation: { ...s.editTransformation, ...patch } } : s;
export const withEditTargetSchema = (s: TWorkshopInputs, text: string | null): TWorkshopInputs => ({
  ...s,
  editTargetSchema: text,
});

/** What may be edited now: not while a run is under way, and only by someone who may write. */
export function allowedEdits(x: {
  canWrite: boolean;
  running: boolean;
  hasDraft: boolean;
  hasMapped: boolean;
}) {
  const base = x.canWrite && !x.running && x.hasDraft;
  return {
    sampleEditAllowed: base && x.hasMapped,
    manualEditAllowed: base,
    targetSchemaEditAllowed: base,
  };
}

// ---- the store and its actions ----------------------------------------------------------------

export const workshopStore = createStore<TWorkshopInputs>(INITIAL_WORKSHOP);
export const useWorkshopInputs = () => useStore(workshopStore);
const apply =
  <A extends unknown[]>(fn: (s: TWorkshopInputs, ...a: A) => TWorkshopInputs) =>
  (...a: A) =>
    workshopStore.set((s) => fn(s, ...a));

export const openWorkshopState = apply(forWorkshop);
export const selectRecord = apply(withRecord);
export const moveRecord = apply(stepRecord);
export const selectField = apply(withField);
export const moveField = apply(stepField);
export const setFieldFilter = apply(withFieldFilter);
export const setSpecTargetTab = apply(withSpecTargetTab);
export const setTargetTab = apply(withTargetTab);
export const setPanel = apply(withPanel);
export const setInitialResult = apply(withInitialResult);
export const markEditStarted = apply(editStarted);
export const markEditQueued = apply(editQueued);
export const markEditFailed = apply(editFailed);
export const dismissEditError = apply(editErrorDismissed);
export const markResultSettled = apply(resultSettled);
export const beginManualEdit = apply(startManualEdit);
export const updateManualEdit = apply(patchManualEdit);
export const setEditTargetSchema = apply(withEditTargetSchema);
