/**
 * Value parsers for the `name` and `phone` transforms: a person's name into its parts, a phone
 * number into the digits a target asks for. Written as plain steps with the regular expressions
 * that toJsonata (jsonata-helpers.ts) and toTypeScript (ts-helpers.ts) restate, so the three
 * give the same output (property-tested).
 */
import { toText } from './values.ts';

export type NamePart = 'first' | 'middle' | 'last' | 'suffix';

/**
 * Honorifics that open a name (English usage: Mr, Mrs, Ms, Miss, Mx, Dr, Prof, Rev, Sir, Dame),
 * compared lower-cased without dots.
 */
export const NAME_TITLES = ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'rev', 'sir', 'dame'];
/**
 * What may close a name: generational suffixes (Jr, Sr, II–V) and the post-nominal degrees and
 * designations common in address books (MD, PhD, DDS, DO, RN, CPA, Esq), compared lower-cased
 * without dots.
 */
export const NAME_SUFFIXES = ['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'md', 'phd', 'dds', 'rn', 'cpa', 'esq'];
/**
 * Lower-case surname particles that belong to the last name (van Gogh, de la Cruz, von Trapp,
 * ter Steege, al Farsi): the Latin-script PREFIXES of python-nameparser
 * (nameparser/config/prefixes.py, derek73/python-nameparser), without the two written with an
 * apostrophe ('t, de'), plus "das" (the Portuguese plural of "da", beside "dos") and "ten" (a
 * Dutch tussenvoegsel, as "ter", in the Dutch civil register's table of prefixes, BRP Tabel 36).
 * Only lower-case words count, and never the first word: "Van Morrison" keeps his first name.
 */
export const NAME_PARTICLES = [
  'aan',
  'aen',
  'abu',
  'af',
  'al',
  'auf',
  'av',
  'bar',
  'bat',
  'bin',
  'bint',
  'bon',
  'da',
  'dal',
  'das',
  'de',
  'degli',
  'dei',
  'del',
  'dela',
  'della',
  'delle',
  'delli',
  'dello',
  'dem',
  'den',
  'der',
  'di',
  'dí',
  'do',
  'dos',
  'du',
  'freiherr',
  'freiherrin',
  'heer',
  'het',
  'ibn',
  'la',
  'le',
  'mac',
  'mc',
  'op',
  'san',
  'santa',
  'st',
  'ste',
  'te',
  'ten',
  'ter',
  'tho',
  'thoe',
  'van',
  'vande',
  'vander',
  'vd',
  'vel',
  'vom',
  'von',
  'zu',
];

const TITLE_SET = new Set(NAME_TITLES);
const SUFFIX_SET = new Set(NAME_SUFFIXES);
const PARTICLE_SET = new Set(NAME_PARTICLES);

/** A token as the lists compare it: lower case, dots removed ("Jr." → "jr"). */
const bare = (w: string) => w.toLowerCase().replace(/\./g, '');
const isTitle = (w: string) => TITLE_SET.has(bare(w));
const isSuffix = (w: string) => SUFFIX_SET.has(bare(w));

/** Words of a text: split on runs of white space, empty words dropped. */
function words(s: string): string[] {
  return s.split(/\s+/).filter((w) => w !== '');
}

export interface NameParts {
  first?: string;
  middle?: string;
  last?: string;
  suffix?: string;
}

/**
 * "Dr. Mary Ann Smith Jr." / "SMITH JR., MARY ANN" / "Smith, Mary" → { first, middle, last, suffix }.
 * With a comma the name is "Last, First Middle" unless what follows the comma is only suffixes
 * ("John Smith, Jr."). A leading title is dropped, trailing suffixes are collected, the last word
 * (with the lower-case particles before it) is the last name, the first word the first name, the
 * words between the middle name. One word is a first name only.
 */
export function nameParts(value: unknown): NameParts | undefined {
  const text = toText(value);
  if (text === undefined) return undefined;
  const comma = text.indexOf(',');
  let given: string[];
  let family: string[] | undefined;
  const suffix: string[] = [];
  if (comma >= 0) {
    const left = words(text.slice(0, comma));
    const right = words(text.slice(comma + 1).replace(/,/g, ' '));
    if (right.length > 0 && right.every(isSuffix)) {
      given = left;
      suffix.push(...right);
    } else {
      given = right;
      family = left;
    }
  } else given = words(text);
  // suffixes at the end of the last name ("Smith Jr., John") or of the whole name
  const tail = family ?? given;
  const found: string[] = [];
  while (tail.length > 1 && isSuffix(tail[tail.length - 1] as string)) found.unshift(tail.pop() as string);
  suffix.unshift(...found);
  while (given.length > 1 && isTitle(given[0] as string)) given.shift();
  if (family === undefined) {
    if (given.length === 0) return undefined;
    if (given.length === 1) return withSuffix({ first: given[0] as string }, suffix);
    let at = given.length - 1;
    while (at > 1 && PARTICLE_SET.has(given[at - 1] as string)) at--;
    family = given.slice(at);
    given = given.slice(0, at);
  }
  const out: NameParts = {};
  if (given.length > 0) out.first = given[0] as string;
  if (given.length > 1) out.middle = given.slice(1).join(' ');
  if (family.length > 0) out.last = family.join(' ');
  return withSuffix(out, suffix);
}

function withSuffix(p: NameParts, suffix: string[]): NameParts {
  if (suffix.length > 0) p.suffix = suffix.join(' ');
  return p;
}

export function namePart(part: NamePart): (v: unknown) => unknown {
  return (v) => nameParts(v)?.[part];
}

/**
 * A phone number as `digits` (the national number: `nationalLength` digits) or `e164`
 * (+countrycode national). Whatever follows the first letter is an extension and is dropped;
 * punctuation and spaces are ignored. A number with the country code (or `+`/`00` and the code)
 * in front of a national number of the right length is that national number; a `+` number of
 * another country stays as it is in E.164 and has no national digits. Anything else: no value.
 */
export function phoneNumber(
  to: 'digits' | 'e164',
  countryCode = '1',
  nationalLength = 10,
): (v: unknown) => unknown {
  return (v) => {
    const text = toText(v);
    if (text === undefined) return undefined;
    const main = text.replace(/[A-Za-z][\s\S]*$/, '');
    const plus = /^\s*(\+|00)/.test(main);
    let d = main.replace(/\D/g, '');
    if (/^\s*00/.test(main)) d = d.slice(2);
    let national: string | undefined;
    if (d.length === nationalLength && !plus) national = d;
    else if (d.length === countryCode.length + nationalLength && d.startsWith(countryCode)) {
      national = d.slice(countryCode.length);
    }
    if (national !== undefined) return to === 'digits' ? national : `+${countryCode}${national}`;
    if (plus && to === 'e164' && d.length >= 8 && d.length <= 15 && d[0] !== '0') return `+${d}`;
    return undefined;
  };
}

/** The smallest (`earliest`) or largest (`latest`) text of a list, compared as text (ISO dates sort in time order). */
export function extremeText(fn: 'earliest' | 'latest'): (v: unknown) => unknown {
  return (v) => {
    const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
    let best: string | undefined;
    for (let i = 0; i < list.length; i++) {
      const s = toText(list[i]);
      if (s === undefined || s === '') continue;
      if (best === undefined || (fn === 'earliest' ? s < best : s > best)) best = s;
    }
    return best;
  };
}
