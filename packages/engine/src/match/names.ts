import { editSimilarity, stem } from '../values/normalize.ts';
import { stemSimilarity } from './lexicon/lexical.ts';
import {
  ABBREVIATIONS,
  NUMBER_PREFIXES,
  PHRASES,
  STOPWORDS,
  SYNONYM_GROUPS,
  TIME_UNIT_TABLE,
  UNIT_TABLE,
} from './vocabulary.ts';

/** Splits a field name into lower-case words: camelCase, snake_case, kebab-case, dots, digits. */
export function splitWords(name: string): string[] {
  return name
    .replace(/\[\*\]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const CONCEPT = new Map<string, string>();
for (const group of SYNONYM_GROUPS) {
  for (const w of group) {
    const s = stem(w);
    if (!CONCEPT.has(s)) CONCEPT.set(s, stem(group[0]!));
  }
}

/** A word reduced to its concept: stemmed, then mapped onto its synonym group. */
export function conceptOf(word: string): string {
  const s = stem(word);
  return CONCEPT.get(s) ?? s;
}

/** Last words of a name that make it an identifier (data-naming conventions). */
const TRAILING_ID = new Set(['no', 'nr', 'nbr', 'number', 'ref', 'reference']);

/** Words of a name after abbreviation expansion and stopword removal, as concepts. */
export function nameConcepts(name: string): string[] {
  // `#` is the number sign: `Invoice #` is the invoice number
  const words = splitWords(name.includes('#') ? name.replace(/#/g, ' no ') : name);
  const tokens: string[] = [];
  words.forEach((w, i) => {
    // nChildren / NoOfItems, and HouseNo / AccountNr / InvoiceNumber at the end
    const lead = i === 0 && NUMBER_PREFIXES.has(w);
    const tail = i === words.length - 1 && TRAILING_ID.has(w);
    // a trailing number or reference is an identifier (Staff No, Invoice Number, Txn Ref); a
    // leading number counts (number of children) (data-naming conventions)
    if (words.length > 1 && (lead || tail)) tokens.push(lead ? 'number' : 'identifier');
    else tokens.push(...(ABBREVIATIONS.get(w) ?? w).split(' '));
  });
  // phrases after abbreviations: ADDR_LINE1 is an address line
  const out = rewritePhrases(tokens)
    .filter((x) => !STOPWORDS.has(x))
    .map(conceptOf);
  return out.length ? out : words.map(conceptOf);
}

/** `given name` / `givenname` / `forename` → `first name` (synonymous multiword names, `PHRASES`). */
function rewritePhrases(words: string[]): string[] {
  let out: string[] | undefined;
  for (let i = 0; i < words.length; i++) {
    const two = i + 1 < words.length ? PHRASES.get(`${words[i]} ${words[i + 1]}`) : undefined;
    const one = two ? undefined : PHRASES.get(words[i]!);
    if (!two && !one) {
      out?.push(words[i]!);
      continue;
    }
    out ??= words.slice(0, i);
    out.push(...(two ?? one)!.split(' '));
    if (two) i++;
  }
  return out ?? words;
}

const UNITS = new Set(UNIT_TABLE.flatMap((g) => g.entries).map((u) => conceptOf(u)));
const TIME_UNITS = new Set(TIME_UNIT_TABLE.entries.map((u) => conceptOf(u)));

/** "follow up" written as "followup": joins adjacent words of `a` that form one word of `b`. */
export function joinCompounds(a: string[], b: string[]): string[] {
  if (a.length < 2) return a;
  let any = false;
  for (let i = 0; i + 1 < a.length && !any; i++) any = b.includes(a[i]! + a[i + 1]!);
  if (!any) return a;
  const out: string[] = [];
  for (let i = 0; i < a.length; i++) {
    const joined = i + 1 < a.length ? a[i]! + a[i + 1]! : '';
    if (joined && b.includes(joined)) {
      out.push(joined);
      i++;
    } else out.push(a[i]!);
  }
  return out;
}

/** Word weights from how often a concept occurs among all field names on both sides (rare = telling). */
export class WordWeights {
  private df = new Map<string, number>();
  private docs = 0;
  add(concepts: string[]): void {
    this.cache.clear();
    this.docs++;
    for (const c of new Set(concepts)) this.df.set(c, (this.df.get(c) ?? 0) + 1);
  }
  private cache = new Map<string, number>();
  weight(c: string): number {
    let w = this.cache.get(c);
    if (w === undefined) {
      w = Math.log(1 + (this.docs + 1) / ((this.df.get(c) ?? 0) + 1));
      // a unit qualifies a name (Height.cm ~ height) rather than naming a different thing
      if (UNITS.has(c)) w *= 0.25;
      this.cache.set(c, w);
    }
    return w;
  }
}

// word pairs recur across all (source, target) pairs of a run; bounded so a server never grows it forever
const pairCache = new Map<string, Map<string, number>>();
let cached = 0;

function wordSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 3 && b.length < 3) return 0;
  let row = pairCache.get(a);
  const hit = row?.get(b);
  if (hit !== undefined) return hit;
  if (cached > 250_000) {
    pairCache.clear();
    cached = 0;
    row = undefined;
  }
  if (!row) {
    row = new Map();
    pairCache.set(a, row);
  }
  const v = computeWordSimilarity(a, b);
  row.set(b, v);
  cached++;
  return v;
}

function computeWordSimilarity(a: string, b: string): number {
  // two units of time are alternatives, never one another (days ≠ years)
  if (TIME_UNITS.has(a) && TIME_UNITS.has(b) && a.replace(/s$/, '') !== b.replace(/s$/, '')) return 0;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  // truncations such as consum/consumption or num/number
  if (s.length >= 3 && l.startsWith(s)) return 0.8;
  let form = 0;
  if (s.length >= 5) {
    const e = editSimilarity(a, b);
    if (e >= 0.8) form = e * 0.9;
  }
  if (!form && isVowelDrop(s, l)) form = 0.7;
  // WordNet never says more than "synonym" (0.85)
  return form >= 0.85 ? form : Math.max(form, meaningSimilarity(a, b));
}

/** WordNet relatedness of two concepts (stems: WordNet is asked about the words they stand for). */
function meaningSimilarity(a: string, b: string): number {
  if (a.length < 3 || b.length < 3) return 0;
  return stemSimilarity(a, b);
}

/** Vowel-dropping abbreviations: nm/name, cnt/count, qty/quantity, amt/amount (not age/average). */
function isVowelDrop(s: string, l: string): boolean {
  if (s.length < 2 || s.length > 4 || l.length < s.length + 2 || s[0] !== l[0]) return false;
  if (/[aeiou]/.test(s.slice(1)) || /\d/.test(s)) return false;
  let j = 1;
  for (let i = 1; i < s.length; i++) {
    while (j < l.length && l[j] !== s[i]) j++;
    if (j++ >= l.length) return false;
  }
  return true;
}

/**
 * Soft weighted overlap of two concept lists: each word finds its best partner on the other side;
 * the result is the weight-averaged best score over both sides (1 = same words).
 */
export function conceptSimilarity(a: string[], b: string[], weights?: WordWeights): number {
  if (!a.length || !b.length) return 0;
  const w = (c: string) => (weights ? weights.weight(c) : 1);
  let num = 0;
  let den = 0;
  for (const [xs, ys] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const x of xs) {
      let best = 0;
      for (const y of ys) best = Math.max(best, wordSimilarity(x, y));
      num += w(x) * best;
      den += w(x);
    }
  }
  return den ? num / den : 0;
}

export function trigrams(s: string): Set<string> {
  const t = `  ${s} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

export function nameTrigrams(name: string): Set<string> {
  return trigrams(splitWords(name).join(''));
}

/** Character-trigram Jaccard similarity of two names with separators removed. */
export function trigramSimilarity(a: string | Set<string>, b: string | Set<string>): number {
  const x = typeof a === 'string' ? nameTrigrams(a) : a;
  const y = typeof b === 'string' ? nameTrigrams(b) : b;
  let inter = 0;
  for (const g of x) if (y.has(g)) inter++;
  const union = x.size + y.size - inter;
  return union ? inter / union : 0;
}
