import { describe, expect, it } from 'vitest';
import { lookupEntries, needsReview, reasonWords, suggestionState } from './suggestion.ts';

const base = { target: 'employment_type', sources: ['Emp Type'], confidence: 0.41, bucket: 'Low' };
// as the engine writes a lookup found by meaning (propose-codes describeCodes)
const CODES_REASON =
  'Emp Type → employment_type: every value is a code of the target\'s values: F → FULL_TIME (the only value starting with "F", confidence 0.65), ' +
  'P → PART_TIME (the only value starting with "P", confidence 0.65), U → unknown (HL7 v2 table 0001: U = unknown, confidence 0.90); marked for review.';

describe('suggestions', () => {
  it('knows where a field stands: suggested, accepted, rejected, edited, nothing to decide', () => {
    const name = { ...base, transform: { kind: 'name', part: 'first' }, reason: 'x' };
    expect(suggestionState({ ...name, status: 'suggested' })).toBe('suggested');
    expect(suggestionState({ ...name })).toBe('suggested');
    expect(suggestionState({ ...name, status: 'approved' })).toBe('accepted');
    expect(suggestionState({ ...name, status: 'edited' })).toBe('edited');
    const nothing = { ...base, sources: [], transform: { kind: 'constant' }, default: null, reason: 'x' };
    expect(suggestionState({ ...nothing, status: 'edited' })).toBe('rejected');
    expect(suggestionState({ ...nothing, status: 'suggested' })).toBe('none');
    expect(suggestionState(null)).toBe('none');
  });

  it('reads each lookup pair with its confidence, unsure pairs first', () => {
    const m = {
      ...base,
      transform: {
        kind: 'lookup',
        table: { U: 'unknown', F: 'FULL_TIME', P: 'PART_TIME' },
        fallback: 'null',
      },
      reason: CODES_REASON,
    };
    expect(lookupEntries(m)).toEqual([
      {
        source: 'F',
        target: 'FULL_TIME',
        confidence: 0.65,
        rule: 'the only value starting with "F"',
        unsure: true,
      },
      {
        source: 'P',
        target: 'PART_TIME',
        confidence: 0.65,
        rule: 'the only value starting with "P"',
        unsure: true,
      },
      {
        source: 'U',
        target: 'unknown',
        confidence: 0.9,
        rule: 'HL7 v2 table 0001: U = unknown',
        unsure: false,
      },
    ]);
    expect(needsReview(m)).toBe(true);
  });

  it('finds a lookup inside a chain; pairs matched by spelling have no confidence and are not unsure', () => {
    const m = {
      ...base,
      transform: {
        kind: 'chain',
        steps: [
          { kind: 'text', op: 'trim' },
          { kind: 'lookup', table: { cleared: 'CLEARED' } },
        ],
      },
      reason: 'state → status: values translated by a lookup (1 of 1 source values matched).',
    };
    expect(lookupEntries(m)).toEqual([{ source: 'cleared', target: 'CLEARED', unsure: false }]);
    expect(needsReview(m)).toBe(false);
    expect(lookupEntries({ transform: { kind: 'copy' }, reason: '' })).toBeNull();
  });

  it('says the evidence without repeating the source and target', () => {
    expect(reasonWords('Full Name → first_name: similar name (60%); whole names.', 'first_name')).toBe(
      'Similar name (60%); whole names.',
    );
    expect(reasonWords('Set by hand: taken from a.', 'first_name')).toBe('Set by hand: taken from a.');
  });
});
