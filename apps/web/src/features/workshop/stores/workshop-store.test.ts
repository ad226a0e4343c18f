import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  editFailed,
  editQueued,
  editStarted,
  forWorkshop,
  INITIAL_WORKSHOP,
  moveRecord,
  patchManualEdit,
  resultSettled,
  selectRecord,
  startManualEdit,
  stepField,
  stepRecord,
  type TManualDraft,
  type TWorkshopInputs,
  withEditTargetSchema,
  withInitialResult,
  withPanel,
  withRecord,
  withSpecTargetTab,
  withTargetTab,
  workshopStore,
} from './workshop-store.ts';

const s0: TWorkshopInputs = { ...INITIAL_WORKSHOP, workshopId: 'w1' };
const draft: TManualDraft = {
  targetField: 'email',
  extract: 'mail',
  transform: 'auto',
  defaultText: '',
  lookup: [],
};

describe('workshop store', () => {
  it('starts with the first record, the mapping tab, the fields view, no edit and flags off', () => {
    expect(INITIAL_WORKSHOP).toMatchObject({
      selectedSourceIndex: 0,
      specTargetTabIndex: 0,
      targetTab: 'fields',
      editStatus: 'idle',
      editTargetSchema: null,
      editTransformation: null,
      sampleEditTrigger: false,
      manualEditTrigger: false,
      targetSchemaEditTrigger: false,
    });
  });

  it('keeps the state of the same workshop and starts over for another', () => {
    const s = withRecord(s0, 7, 50);
    expect(forWorkshop(s, 'w1')).toBe(s);
    expect(forWorkshop(s, 'w2')).toEqual({ ...INITIAL_WORKSHOP, workshopId: 'w2' });
  });

  it('selects records within the job, stepping and clamping at both ends', () => {
    expect(withRecord(s0, 12, 50).selectedSourceIndex).toBe(12);
    expect(withRecord(s0, 99, 50).selectedSourceIndex).toBe(49);
    expect(stepRecord(s0, -1, 50).selectedSourceIndex).toBe(0);
    expect(stepRecord(withRecord(s0, 48, 50), 1, 50).selectedSourceIndex).toBe(49);
    expect(stepRecord(withRecord(s0, 49, 50), 1, 50).selectedSourceIndex).toBe(49);
    expect(withRecord(s0, 3, 0).selectedSourceIndex).toBe(0);
  });

  it('moves between the visible fields, from none to the first or the last', () => {
    const visible = ['a', 'b', 'c'];
    expect(stepField(s0, visible, 1).selectedField).toBe('a');
    expect(stepField(s0, visible, -1).selectedField).toBe('c');
    const atB = { ...s0, selectedField: 'b' };
    expect(stepField(atB, visible, 1).selectedField).toBe('c');
    expect(stepField(stepField(atB, visible, 1), visible, 1).selectedField).toBe('c');
    expect(stepField(atB, visible, -5).selectedField).toBe('a');
    expect(stepField(s0, [], 1)).toBe(s0);
  });

  it('switches the spec/target tab by index (bounded) and the target view', () => {
    expect(withSpecTargetTab(s0, 2).specTargetTabIndex).toBe(2);
    expect(withSpecTargetTab(s0, 9).specTargetTabIndex).toBe(2);
    expect(withTargetTab(s0, 'record').targetTab).toBe('record');
  });

  it('remembers the initial result once, and shows it until a run finishes', () => {
    const s = withInitialResult(s0, 'r0');
    expect(s).toMatchObject({ initialResultId: 'r0', shownResultId: 'r0' });
    expect(withInitialResult(s, 'r9')).toBe(s);
    expect(withInitialResult(s0, null)).toBe(s0);
  });

  it('follows an edit from start to its run: trigger flips, old values shown until it settles', () => {
    let s = withInitialResult(s0, 'r0');
    s = editStarted(s);
    expect(s.editStatus).toBe('running');
    s = editQueued(startManualEdit(s, draft), 'manual', 'r1');
    expect(s).toMatchObject({
      editResultId: 'r1',
      editStatus: 'running',
      manualEditTrigger: true,
      sampleEditTrigger: false,
      panel: null,
      editTransformation: null,
      shownResultId: 'r0',
    });
    s = resultSettled(s, 'r1', true);
    expect(s).toMatchObject({ shownResultId: 'r1', editStatus: 'success' });
    s = editQueued(s, 'manual', 'r2');
    expect(s.manualEditTrigger).toBe(false);
    s = resultSettled(s, 'r2', false, 'worker died');
    expect(s).toMatchObject({ shownResultId: 'r1', editStatus: 'error', editError: 'worker died' });
  });

  it('flips the sample and target-schema triggers, and drops the schema text once applied', () => {
    let s = withEditTargetSchema(s0, '{"type":"object"}');
    s = editQueued(s, 'sample', 'r1');
    expect(s).toMatchObject({ sampleEditTrigger: true, editTargetSchema: '{"type":"object"}' });
    s = editQueued(s, 'targetSchema', 'r2');
    expect(s).toMatchObject({ targetSchemaEditTrigger: true, editTargetSchema: null });
    // an edit without a run (approval) is done at once
    expect(editQueued(s0, 'approve', null)).toMatchObject({ editStatus: 'success', editResultId: null });
  });

  it('records a refused edit with its reason', () => {
    expect(editFailed(editStarted(s0), 'bad path')).toMatchObject({
      editStatus: 'error',
      editError: 'bad path',
    });
  });

  it('composes a manual edit in the panel; closing the panel drops it', () => {
    let s = startManualEdit(s0, draft);
    expect(s).toMatchObject({ panel: 'manual', selectedField: 'email' });
    s = patchManualEdit(s, { extract: 'email_address', transform: 'lower' });
    expect(s.editTransformation).toMatchObject({
      extract: 'email_address',
      transform: 'lower',
      targetField: 'email',
    });
    expect(patchManualEdit(s0, { extract: 'x' })).toBe(s0);
    expect(withPanel(s, null).editTransformation).toBeNull();
    expect(withPanel(s, 'manual').editTransformation).not.toBeNull();
  });

  it('allows edits only to writers, with a draft, and not while a run is under way', () => {
    const ok = { canWrite: true, running: false, hasDraft: true, hasMapped: true };
    expect(allowedEdits(ok)).toEqual({
      sampleEditAllowed: true,
      manualEditAllowed: true,
      targetSchemaEditAllowed: true,
    });
    expect(allowedEdits({ ...ok, hasMapped: false }).sampleEditAllowed).toBe(false);
    expect(Object.values(allowedEdits({ ...ok, running: true }))).toEqual([false, false, false]);
    expect(Object.values(allowedEdits({ ...ok, canWrite: false }))).toEqual([false, false, false]);
  });

  it('applies the transitions through its actions', () => {
    workshopStore.set(s0);
    selectRecord(10, 20);
    moveRecord(1, 20);
    expect(workshopStore.get().selectedSourceIndex).toBe(11);
  });
});
