import { describe, expect, it } from 'vitest';
import { suggestMapping } from '../src/match/index.ts';
import { profileRecords } from '../src/profile/index.ts';
import type { JsonSchema } from '../src/schema/target-schema.ts';

// a patient table matched onto a data dictionary that also describes a patient's relatives
const records = Array.from({ length: 30 }, (_, i) => ({
  gender: ['male', 'female'][i % 2],
  follow_up_days: 100 + i * 7,
}));
const schema: JsonSchema = {
  type: 'object',
  properties: {
    gender: { type: 'string', enum: ['male', 'female', 'unknown'] },
    relationship_gender: { type: 'string', enum: ['male', 'female', 'unknown'] },
    days_to_follow_up: { type: 'number' },
    days_to_last_follow_up: { type: 'number' },
  },
};

describe('nested target names (more specific near-duplicates)', () => {
  const s = suggestMapping({ profile: profileRecords(records), targetSchema: schema });
  const score = (target: string, source: string) =>
    s.fields.find((f) => f.target === target)!.candidates.find((c) => c.sources[0] === source)?.score ?? 0;

  it('scores a target whose name adds words the source does not name below its general sibling', () => {
    // gender fits relationship_gender by its values as well as gender: the extra word decides
    expect(score('relationship_gender', 'gender')).toBeLessThan(0.6 * score('gender', 'gender'));
    expect(score('days_to_last_follow_up', 'follow_up_days')).toBeLessThan(
      0.75 * score('days_to_follow_up', 'follow_up_days'),
    );
  });
});
