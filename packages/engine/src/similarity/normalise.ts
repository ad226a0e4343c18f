/**
 * Normalisers shared by joins and entity resolution: what "the same text" means before two
 * values are compared. Pure functions; no I/O.
 */

/** Lower case, accents removed (NFKD + combining marks), punctuation to spaces, spaces collapsed. */
export function normaliseText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Legal-form suffixes of organisation names. Source: the ISO 20275 Entity Legal Forms code list
 * (GLEIF), the abbreviations most common in English, German, French, Dutch, Nordic and Spanish
 * registers; a name is compared without them ("ACME Corp." ~ "Acme Corporation").
 */
export const LEGAL_FORMS: ReadonlySet<string> = new Set([
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'pllc',
  'gmbh',
  'ag',
  'kg',
  'kgaa',
  'ug',
  'ev',
  'sa',
  'sas',
  'sarl',
  'sasu',
  'nv',
  'bv',
  'vof',
  'ab',
  'as',
  'asa',
  'oy',
  'oyj',
  'aps',
  'spa',
  'srl',
  'sl',
  'slu',
  'pty',
  'pte',
  'bhd',
  'sdn',
  'kk',
  'cv',
  'se',
]);

/**
 * English function words that carry no identity in names and titles. Source: the stop list of
 * the SMART information-retrieval system (Salton), its most frequent articles, prepositions and
 * conjunctions only.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'and',
  'the',
  'of',
  'for',
  'in',
  'on',
  'at',
  'to',
  'by',
  'with',
  'from',
  'de',
  'la',
  'le',
  'der',
  'die',
  'das',
  'und',
  'et',
  'y',
]);

/** Tokens of a normalised value. */
export function tokens(value: string): string[] {
  const n = normaliseText(value);
  return n ? n.split(' ') : [];
}

/** An organisation name for comparison: normalised, without legal forms or stop words. */
export function normaliseOrganisation(value: string): string {
  const kept = tokens(value).filter((t) => !LEGAL_FORMS.has(t) && !STOP_WORDS.has(t));
  return kept.join(' ');
}

/** Character q-grams of a normalised string, padded so short strings still share grams. */
export function qgrams(value: string, q = 3): string[] {
  const s = value ? `${' '.repeat(q - 1)}${value}${' '.repeat(q - 1)}` : '';
  const out: string[] = [];
  for (let i = 0; i + q <= s.length; i++) out.push(s.slice(i, i + q));
  return out;
}
