/**
 * Value normalisation shared by value mapping and the matcher's value evidence. A value is
 * reduced to one or more comparison keys; two values "agree" when their key sets intersect.
 * The rules are about notations people use for the same thing (case, punctuation, staging
 * prefixes like `pT3`, `Stage IIA` vs `2A`, `0/1` vs `no/yes`), not about any data set.
 */

/** Values meaning "no information"; they never count as evidence. */
const NULL_LIKE = new Set([
  '',
  'na',
  'n a',
  'nan',
  'null',
  'nil',
  'none given',
  'missing',
  'unknown',
  'not reported',
  'not available',
  'not applicable',
  'not specified',
  'unspecified',
  'not allowed to collect',
  'undetermined',
  'cannot be determined',
  '-',
]);

const YES = new Set(['yes', 'y', 'true', 't', '1', 'present', 'positive', 'pos', 'si', 'ja', 'oui']);
const NO = new Set([
  'no',
  'n',
  'false',
  'f',
  '0',
  'absent',
  'negative',
  'neg',
  'not identified',
  'not present',
  'none',
  'nein',
  'non',
]);

/** Common spellings of the same category (general vocabulary, not tuned to any data set). */
const VALUE_SYNONYMS: string[][] = [
  ['male', 'm', 'man', 'men', 'masculine'],
  ['female', 'f', 'woman', 'women', 'feminine'],
  ['white', 'caucasian', 'european american'],
  ['black', 'black or african american', 'african american'],
  ['united states', 'usa', 'us', 'united states of america', 'u s', 'u s a', 'america'],
  ['united kingdom', 'uk', 'great britain', 'gb', 'england'],
  ['alive', 'living', 'live'],
  ['dead', 'deceased', 'died', 'death'],
  ['married', 'wed'],
  ['single', 'unmarried'],
  ['credit card', 'credit', 'cc', 'card'],
  ['debit card', 'debit'],
  ['cash', 'currency notes'],
  ['bank transfer', 'wire', 'wire transfer', 'transfer'],
];
const SYNONYM_KEY = new Map<string, string>();
for (const group of VALUE_SYNONYMS) for (const v of group) SYNONYM_KEY.set(v, `~${group[0]}`);

const ROMAN = ['', 'i', 'ii', 'iii', 'iv', 'v'];

/** Lower case, punctuation to spaces, collapsed whitespace. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9+<>=]+/g, ' ')
    .trim();
}

export function isNullLike(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  return NULL_LIKE.has(normalizeText(String(value)));
}

/** Comparison keys of one value: its normalised text plus the notational variants. */
export function valueKeys(value: unknown): string[] {
  if (value === null || value === undefined) return [];
  const raw = String(value).trim();
  const norm = normalizeText(raw);
  if (NULL_LIKE.has(norm)) return [];
  const keys = new Set<string>();
  const num = /^[-+]?\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  const add = (k: string) => {
    if (k) keys.add(k);
  };
  add(Number.isFinite(num) ? String(num) : norm);
  const variants = [raw];
  // "R0: No residual tumor", "pT1a (FIGO IA)": the code before the explanation is the value
  const head = raw.split(/\s*(?::\s|\()/)[0]?.trim();
  if (head && head !== raw) variants.push(head);
  for (const v of variants) {
    const n = normalizeText(v);
    add(n);
    // staging prefixes: pT3 / cM0 / ypN1 / pNX / pTis -> T3 / M0 / N1 / NX / Tis (UICC/AJCC TNM:
    // X = cannot be assessed, is = in situ)
    const code = /^[a-z]{1,2}([A-Z](?:[0-9]|[Xx]|is)[0-9A-Za-z+-]*)$/.exec(v.trim());
    if (code?.[1]) add(normalizeText(code[1]));
    // "Stage IIA", "Grade 2", "FIGO grade 1" -> the notation without its label word
    const label = /^(?:[a-z]+ )?(stage|grade|type|class|level|phase) ([0-9ivx]+[a-d]?[0-9]?)$/.exec(n);
    if (label?.[1] && label[2]) {
      add(label[2]);
      add(`${label[1][0]}${label[2]}`);
    }
    // arabic sub-stages "2A" == roman "IIA"
    const sub = /^([1-4])([a-d]\d?)?$/.exec(label?.[2] ?? n);
    if (sub?.[1] && (sub[2] || label)) add(`${ROMAN[Number(sub[1])]}${sub[2] ?? ''}`);
    const syn = SYNONYM_KEY.get(n);
    if (syn) add(syn);
  }
  const b = Number.isFinite(num) ? String(num) : norm;
  if (YES.has(b)) add('~yes');
  if (NO.has(b)) add('~no');
  return [...keys];
}

/** Light stemmer: enough to equate pathologic / pathological / pathology, stage / staging. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suf of [
    'ically',
    'ical',
    'ation',
    'ness',
    'ment',
    'ings',
    'ing',
    'ies',
    'ed',
    'es',
    'ic',
    'al',
    'ly',
    'y',
    's',
    'e',
  ]) {
    if (word.endsWith(suf) && word.length - suf.length >= 4) return word.slice(0, -suf.length);
  }
  return word;
}

/** Levenshtein distance (two-row DP). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

export function editSimilarity(a: string, b: string): number {
  const m = Math.max(a.length, b.length);
  return m === 0 ? 1 : 1 - editDistance(a, b) / m;
}

/**
 * Whether `short` abbreviates the words of `long`: built from non-empty prefixes of the words in
 * order (words may be skipped after the first). "CREDCARD"/"CC" ← "credit card", "DOB" ← "date of birth".
 */
export function isAbbreviation(short: string, longWords: string[]): boolean {
  const s = short.toLowerCase().replace(/[^a-z0-9]/g, '');
  const words = longWords.map((w) => w.toLowerCase()).filter(Boolean);
  if (!s || words.length === 0 || s[0] !== words[0]![0]) return false;
  const memo = new Map<string, boolean>();
  const go = (i: number, j: number): boolean => {
    if (i === s.length) return true;
    if (j >= words.length) return false;
    const key = `${i},${j}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let ok = false;
    const w = words[j]!;
    for (let k = 1; k <= w.length && i + k <= s.length && s[i + k - 1] === w[k - 1]; k++) {
      if (go(i + k, j + 1)) {
        ok = true;
        break;
      }
    }
    if (!ok && j > 0) ok = go(i, j + 1);
    memo.set(key, ok);
    return ok;
  };
  return go(0, 0);
}
