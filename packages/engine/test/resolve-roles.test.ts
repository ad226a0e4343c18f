import { describe, expect, it } from 'vitest';
import { inferRole, rng } from '../src/index.ts';

/** `values` with a share of them corrupted as exports are: a letter typed for a character. */
function corrupted(values: string[], rate: number, seed = 3): string[] {
  const rand = rng(seed);
  return values.map((v) => {
    if (rand() >= rate) return v;
    const i = Math.floor(rand() * v.length);
    return v.slice(0, i) + String.fromCharCode(97 + Math.floor(rand() * 26)) + v.slice(i + 1);
  });
}

describe('role inference tolerates a minority of corrupted values', () => {
  const rand = rng(11);
  const n = 2000;
  const pad = (x: number) => String(x).padStart(2, '0');
  const dob = Array.from(
    { length: n },
    () =>
      `19${10 + Math.floor(rand() * 89)}${pad(1 + Math.floor(rand() * 12))}${pad(1 + Math.floor(rand() * 28))}`,
  );
  const iso = dob.map((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`);
  const postcode = Array.from({ length: n }, () => String(1000 + Math.floor(rand() * 8999)));
  const phone = Array.from({ length: n }, () => `04${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`);

  // 15% corrupted: more than the 5-10% the strict shares allowed, as in a dedupe where a
  // quarter of the records are copies and half of those carry a typo
  it.each([
    { kind: 'YYYYMMDD dates', values: dob, role: 'date' },
    { kind: 'ISO dates', values: iso, role: 'date' },
    { kind: 'postcodes', values: postcode, role: 'code' },
    { kind: 'phone numbers without separators', values: phone, role: 'code' },
  ])('$kind with 15% typos keep their role', ({ values, role }) => {
    expect(inferRole('x', values).role).toBe(role);
    expect(inferRole('x', corrupted(values, 0.15)).role).toBe(role);
  });

  it('a dropped digit keeps a code a code', () => {
    const dropped = postcode.map((v, i) => (i % 7 === 0 ? v.slice(1) : v));
    expect(inferRole('x', dropped).role).toBe('code');
  });

  it('columns that are not mostly dates or digits are not taken for them', () => {
    // amounts: integers and decimals are numbers, not codes
    const amounts = postcode.map((v, i) => (i % 5 === 0 ? `${v}.50` : v));
    expect(inferRole('x', amounts).role).toBe('number');
    // house numbers or names, half and half: not a code
    const mixed = postcode.map((v, i) => (i % 2 ? v : `house ${v.slice(0, 2)}`));
    expect(inferRole('x', mixed).role).not.toBe('code');
    // a third of the values not dates at all (other layouts): not a date
    const notDates = iso.map((v, i) => (i % 3 ? v : `ref ${i}`));
    expect(inferRole('x', notDates).role).not.toBe('date');
    // years stay numbers
    const years = dob.map((v) => v.slice(0, 4));
    expect(inferRole('x', corrupted(years, 0.1)).role).toBe('number');
  });
});

describe('a record key numbered in sequence is not compared', () => {
  it('ignores C1, C2, … and 1, 2, … (also when sampled from a long column)', () => {
    const prefixed = Array.from({ length: 200 }, (_, i) => `C${i + 1}`);
    expect(inferRole('x', prefixed).role).toBe('ignore');
    expect(inferRole('x', prefixed).reason).toMatch(/record key/);
    const shuffled = Array.from({ length: 20_000 }, (_, i) => String(((i * 7919) % 20_000) + 1));
    expect(inferRole('x', shuffled).role).toBe('ignore');
  });
  it('keeps codes, numbers and small columns that are merely distinct', () => {
    const rand = rng(5);
    const ssn = Array.from({ length: 500 }, () => String(1_000_000 + Math.floor(rand() * 9_000_000)));
    expect(inferRole('x', ssn).role).toBe('code');
    const ages = Array.from({ length: 30 }, (_, i) => String(20 + i));
    expect(inferRole('x', ages).role).not.toBe('ignore');
    // a key with repeats (a duplicated id) is evidence: two records of one entity share it
    const repeated = Array.from({ length: 200 }, (_, i) => `C${(i % 150) + 1}`);
    expect(inferRole('x', repeated).role).not.toBe('ignore');
  });
});
