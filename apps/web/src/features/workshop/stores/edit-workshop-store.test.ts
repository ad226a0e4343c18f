import { describe, expect, it } from 'vitest';
import {
  clearEditWorkshop,
  cleared,
  correctionCount,
  correctionOf,
  correctValue,
  editWorkshopStore,
  INITIAL_EDIT_WORKSHOP,
  promptRunBody,
  sampleRunBody,
  type TEditWorkshopState,
  targetSchemaRunBody,
  withCorrection,
  withGlobalContext,
  withImmediateReturn,
  withoutCorrection,
  withoutSample,
  withPromptField,
  withPromptInstruction,
  withTargetSchema,
} from './edit-workshop-store.ts';

const s0 = INITIAL_EDIT_WORKSHOP;

describe('edit workshop store', () => {
  it('starts with immediate_return true and nothing to send', () => {
    expect(s0).toEqual({
      immediate_return: true,
      sample: [],
      target_schema: null,
      target_fields_to_prompt: {},
      global_context: '',
    });
  });

  it('collects corrected values per record, nested by path, and takes them back', () => {
    let s = withCorrection(s0, 4, 'status', 'CLEARED');
    s = withCorrection(s, 4, 'customer.name', 'Ada');
    s = withCorrection(s, 9, 'status', 'PENDING');
    expect(s.sample).toEqual([
      { index: 4, mapped_record: { status: 'CLEARED', customer: { name: 'Ada' } } },
      { index: 9, mapped_record: { status: 'PENDING' } },
    ]);
    expect(correctionOf(s, 4, 'customer.name')).toEqual({ value: 'Ada' });
    expect(correctionOf(s, 4, 'amount')).toBeUndefined();
    expect(correctionCount(s, 4)).toBe(2);
    s = withCorrection(s, 4, 'status', null);
    expect(correctionOf(s, 4, 'status')).toEqual({ value: null });
    s = withoutCorrection(s, 4, 'customer.name');
    expect(s.sample[0]).toEqual({ index: 4, mapped_record: { status: null } });
    s = withoutCorrection(s, 4, 'status');
    expect(s.sample.map((e) => e.index)).toEqual([9]);
    expect(withoutSample(s, 9).sample).toEqual([]);
  });

  it('builds the sample run body for a record, with immediate_return', () => {
    const s = withImmediateReturn(withCorrection(s0, 2, 'status', 'CLEARED'), false);
    expect(sampleRunBody(s, 2)).toEqual({
      sample: { index: 2, mapped_record: { status: 'CLEARED' } },
      immediate_return: false,
    });
    expect(sampleRunBody(s, 3)).toBeNull();
  });

  it('asks for an instruction for every chosen field before a prompt can run', () => {
    let s: TEditWorkshopState = withPromptField(s0, 'full_name', true);
    expect(promptRunBody(s)).toEqual({ error: 'Say what you want for full_name' });
    expect(promptRunBody(s0)).toEqual({ error: 'Choose at least one field' });
    s = withPromptInstruction(s, 'full_name', '  concatenate first and last name ');
    s = withGlobalContext(s, 'People from a CRM export');
    expect(promptRunBody(s)).toEqual({
      body: {
        target_fields_to_prompt: { full_name: 'concatenate first and last name' },
        global_context: 'People from a CRM export',
        immediate_return: true,
      },
    });
    // choosing a field again keeps its instruction; un-choosing drops it
    expect(withPromptField(s, 'full_name', true).target_fields_to_prompt.full_name).toBe(
      '  concatenate first and last name ',
    );
    expect(withPromptField(s, 'full_name', false).target_fields_to_prompt).toEqual({});
  });

  it('builds the target schema body only once a schema is set', () => {
    expect(targetSchemaRunBody(s0)).toBeNull();
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    expect(targetSchemaRunBody(withTargetSchema(s0, schema))).toEqual({
      target_schema: schema,
      immediate_return: true,
    });
  });

  it('clear resets the target schema, prompt fields and sample (and keeps the rest)', () => {
    let s = withTargetSchema(s0, { type: 'object' });
    s = withPromptInstruction(s, 'a', 'x');
    s = withCorrection(s, 1, 'a', 1);
    s = withGlobalContext(withImmediateReturn(s, false), 'ctx');
    expect(cleared(s)).toEqual({
      immediate_return: false,
      sample: [],
      target_schema: null,
      target_fields_to_prompt: {},
      global_context: 'ctx',
    });
  });

  it('applies the transitions through its actions', () => {
    editWorkshopStore.set(s0);
    correctValue(0, 'a', 1);
    expect(editWorkshopStore.get().sample).toHaveLength(1);
    clearEditWorkshop();
    expect(editWorkshopStore.get().sample).toEqual([]);
  });
});
