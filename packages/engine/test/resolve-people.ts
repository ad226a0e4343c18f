import { type Columns, rng } from '../src/index.ts';

/** Person records with duplicates: each entity 1-3 records, copies with one-letter typos. */
export function people(n: number, seed = 1): { columns: Columns; entity: number[] } {
  const rand = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)] as T;
  const word = (len: number) =>
    Array.from({ length: len }, () => String.fromCharCode(97 + Math.floor(rand() * 26))).join('');
  const firsts = Array.from({ length: 60 }, () => word(5));
  const lasts = Array.from({ length: 400 }, () => word(7));
  const typo = (s: string) => {
    if (rand() > 0.4) return s;
    const i = Math.floor(rand() * s.length);
    return s.slice(0, i) + String.fromCharCode(97 + Math.floor(rand() * 26)) + s.slice(i + 1);
  };
  const cols = {
    a: [] as string[],
    b: [] as string[],
    c: [] as string[],
    d: [] as string[],
    e: [] as string[],
  };
  const entity: number[] = [];
  for (let e = 0; entity.length < n; e++) {
    const base = {
      a: pick(firsts),
      b: pick(lasts),
      c: `19${10 + Math.floor(rand() * 89)}0${1 + Math.floor(rand() * 9)}1${Math.floor(rand() * 9)}`,
      d: String(1000 + Math.floor(rand() * 8999)),
      e: `${word(6)}@${pick(['example.com', 'mail.org'])}`,
    };
    const copies = rand() < 0.3 ? 2 + Math.floor(rand() * 2) : 1;
    for (let k = 0; k < copies && entity.length < n; k++) {
      for (const key of Object.keys(cols) as (keyof typeof cols)[])
        cols[key].push(k === 0 ? base[key] : key === 'e' ? base[key] : typo(base[key]));
      entity.push(e);
    }
  }
  return { columns: cols, entity };
}
