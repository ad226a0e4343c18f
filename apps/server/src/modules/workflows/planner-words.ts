/*
 * The planner's reading of text: words lower-cased, stop words dropped, plurals and a few verb
 * endings stemmed (cards → card, entities → entity, activated/active → activ), and a short list
 * of synonyms that point everyday words at catalogue words (spend → transaction).
 */

const STOP = new Set(
  (
    'a an the of with and or for every each all any my our their its it in on at to by from into ' +
    'get list show give me i we you want need fetch find that which who whose is are be been was ' +
    'have has had per including include plus as what how many much please also only just some ' +
    'this these those them they there then than so via one ones workflow output data api ' +
    'record records field fields value values along together summary s total sum count number overall'
  ).split(/\s+/),
);

/** Everyday words → catalogue words they stand for (looked up by stem, see below). */
const SYNONYM_LIST: [string, string[]][] = [
  ['spend', ['transaction']],
  ['spending', ['transaction']],
  ['payment', ['transaction']],
  ['purchase', ['transaction']],
  ['charge', ['transaction']],
  ['merchant', ['transaction']],
  ['expense', ['reimbursement']],
  ['refund', ['reimbursement']],
  ['claim', ['reimbursement']],
  ['company', ['entity']],
  ['companies', ['entity']],
  ['subsidiary', ['entity']],
  ['subsidiaries', ['entity']],
  ['business', ['entity']],
  ['cardholder', ['card', 'holder']],
];

const SUFFIXES = ['ations', 'ation', 'ated', 'ate', 'ing', 'ed', 'e'];

/** A crude but stable stem: enough to make plurals and verb forms meet. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) w = w.slice(0, -1);
  for (const s of SUFFIXES) {
    if (w.endsWith(s) && w.length - s.length >= 4) return w.slice(0, -s.length);
  }
  return w;
}

/** Words of any text: camelCase and snake_case split, lower-cased. */
export function rawWords(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Stems of the meaningful words of a text (stop words dropped), in order, without repeats. */
export function stemsOf(text: string): string[] {
  const out: string[] = [];
  for (const w of rawWords(text)) {
    if (STOP.has(w) || /^\d+$/.test(w)) continue;
    const s = stem(w);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

let synonyms: Map<string, string[]> | undefined;
const SYNONYMS = () => {
  synonyms ??= new Map(SYNONYM_LIST.map(([w, to]) => [stem(w), to.map(stem)]));
  return synonyms;
};

export interface PromptWord {
  /** the word as written (lower case) */
  word: string;
  stem: string;
  /** the catalogue stems it stands for: its own and its synonyms' */
  means: string[];
  /** preceded by not / non / no / without */
  negated: boolean;
}

const NEGATIONS = new Set(['not', 'non', 'no', 'without', 'excluding', 'except']);

/** The prompt's meaningful words with their stems, synonyms and negation. */
export function promptWords(prompt: string): PromptWord[] {
  const words = rawWords(prompt);
  const out: PromptWord[] = [];
  const seen = new Set<string>();
  words.forEach((w, i) => {
    if (STOP.has(w) || NEGATIONS.has(w) || /^\d+$/.test(w)) return;
    const s = stem(w);
    if (seen.has(s)) return;
    seen.add(s);
    const synonyms = SYNONYMS().get(s) ?? [];
    out.push({
      word: w,
      stem: s,
      means: [...new Set([s, ...synonyms])],
      negated: NEGATIONS.has(words[i - 1] ?? '') || NEGATIONS.has(words[i - 2] ?? ''),
    });
  });
  return out;
}

export interface Aggregates {
  /** count / number of / how many */
  count: boolean;
  /** total / sum (not "total number") */
  total: boolean;
}

export function aggregatesOf(prompt: string): Aggregates {
  const w = rawWords(prompt);
  const at = (i: number) => w[i] ?? '';
  let count = false;
  let total = false;
  w.forEach((x, i) => {
    if (x === 'count' || x === 'counts' || (x === 'number' && at(i + 1) === 'of')) count = true;
    if (x === 'how' && (at(i + 1) === 'many' || at(i + 1) === 'much')) count ||= at(i + 1) === 'many';
    if ((x === 'total' || x === 'sum' || x === 'overall') && at(i + 1) !== 'number' && at(i + 1) !== 'count')
      total = true;
  });
  return { count, total };
}

/** Double-quoted text in the prompt ("Acme"): values for free-text parameters. */
export function quotedOf(prompt: string): string[] {
  return [...prompt.matchAll(/["“]([^"“”]{1,200})["”]/g)].map((m) => m[1]!.trim()).filter(Boolean);
}

export const quote = (words: string[]) => words.map((w) => `"${w}"`).join(', ');
