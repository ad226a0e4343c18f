/**
 * Word-to-word relatedness from WordNet (see `wordnet.ts`): two column-name words are related when
 * one of their senses is the same synset (synonyms: `forename` ~ `given name`, `kickoff` ~ `start`,
 * `quit` ~ `stop`), when a sense of one is a hypernym of a sense of the other, one or two steps up
 * (`genre` is a kind of `kind`, `status` of `state`, `onset` of `start`), or — weakest — when one
 * is named in the definition of the other (smoking is "the act of smoking tobacco"). Sister terms
 * (`day` / `year`, `width` / `height`) are not related: they are alternatives to each other.
 *
 * Inflected forms are reduced with WordNet's own detachment rules (the `morphy` suffix table of
 * the WordNet distribution: `examined` → `examine`, `children` is a lemma itself), and only the most
 * frequent senses count (the index files list senses by frequency in the semantic concordance).
 */
import { stem } from '../../values/normalize.ts';
import { hasLemma, synsetById, synsetsOf } from './wordnet.ts';

/** WordNet's morphy detachment rules (suffix → replacement), by part of speech, all applied. */
const DETACH: [string, string][] = [
  // nouns
  ['s', ''],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
  // verbs
  ['es', 'e'],
  ['es', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
  // adjectives
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];

/** Senses per part of speech that are read (WordNet orders senses by corpus frequency). */
const MAX_SENSES = 5;
/**
 * A link counts when the sense ranks of the two words (0 = most frequent) add up to at most this,
 * by the number of hypernym steps between them: a rare sense of one word may be a synonym of a
 * frequent sense of the other (`examine` in its fifth sense is `test` in its first), but the
 * longer the path, the more both senses must be the usual ones (`number` as a musical act is a
 * `performance`: no link).
 */
const MAX_RANK_SUM = [4, 2, 1];
/** Hypernym steps followed up from each word's senses. */
const MAX_HOPS = 2;
/**
 * A hypernym two steps up only links words when it is specific: at least this many steps below
 * the root (`magnitude` is 4 below `entity`; `property`, `attribute` are not).
 */
const MIN_COMMON_DEPTH = 4;
/** Similarity by the number of hypernym steps from one word's sense up to the other's. */
const BY_STEPS = [0.85, 0.7, 0.5];

/** WordNet's lexicographer file of collective nouns (noun.group). */
const NOUN_GROUP = 14;

export const SYNONYM_SIMILARITY = BY_STEPS[0]!;

interface Reach {
  /** hypernym steps from one of the word's senses (0 = the sense itself) */
  hops: number;
  /** best sense rank of the word that reaches it in that many steps */
  rank: number;
}

/** Synsets within `MAX_HOPS` hypernym steps of a word's senses. */
type WordSenses = Map<string, Reach>;

function reach(m: WordSenses, id: string, hops: number, rank: number): void {
  const r = m.get(id);
  if (r && (r.hops < hops || (r.hops === hops && r.rank <= rank))) return;
  m.set(id, { hops, rank });
  if (hops >= MAX_HOPS) return;
  for (const h of synsetById(id)?.hypernyms ?? []) reach(m, h, hops + 1, rank);
}

const sensesCache = new Map<string, WordSenses | null>();
const depthCache = new Map<string, number>();

/** Lemmas a surface word can stand for: the word itself if WordNet knows it, and its detached forms. */
export function lemmasOf(word: string): string[] {
  const w = word.toLowerCase();
  const out: string[] = hasLemma(w) ? [w] : [];
  for (const [suffix, repl] of DETACH) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      const base = w.slice(0, -suffix.length) + repl;
      if (!out.includes(base) && hasLemma(base)) out.push(base);
    }
  }
  return out;
}

/**
 * Words a stem can stand for, as the light stemmer (`stem` in values/normalize) produced it: the
 * stem itself and the stem with an inflectional ending (`examin` → `examine`, `patholog` →
 * `pathology`), then with a derivational one (`organiz` → `organization`), each only if it stems
 * back to the same stem. Depends on the stem alone, so matching stays deterministic.
 */
const INFLECTIONS = ['', 'e', 'y', 's', 'es', 'ed', 'ing', 'ies'];
const DERIVATIONS = ['ic', 'al', 'ical', 'ation', 'ment', 'ness', 'ly', 'ically', 'ings'];

export function wordsOfStem(s: string): { word: string; tier: number }[] {
  const out: { word: string; tier: number }[] = [];
  [INFLECTIONS, DERIVATIONS].forEach((endings, tier) => {
    for (const e of endings) {
      const w = s + e;
      if (stem(w) === s && !out.some((o) => o.word === w) && hasLemma(w)) out.push({ word: w, tier });
    }
  });
  return out;
}

const stemCache = new Map<string, WordSenses | null>();

/** WordNet relatedness of two stems: the best over the words each can stand for. */
export function stemSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = stemSenses(a);
  if (!x) return 0; // not an English word WordNet knows: nothing to relate, not even a definition
  const y = stemSenses(b);
  if (!y) return 0;
  const related = relate(x, y);
  if (related >= GLOSS_SIMILARITY) return related;
  return glossStems(a).has(b) || glossStems(b).has(a) ? GLOSS_SIMILARITY : related;
}

/**
 * A word named in the definition of the other's most frequent sense is related to it (the gloss
 * overlap idea of Lesk 1986, Banerjee & Pedersen 2003): smoking is "the act of smoking tobacco",
 * a dimension is "the magnitude of something in a particular direction (especially length or
 * width or height)".
 */
export const GLOSS_SIMILARITY = 0.4;
const GLOSS_SENSES = 1;
/** Function and filler words of definitions, never evidence. Source: function-words. */
const GLOSS_STOP = new Set(
  'the of a an and or in on at to for with by from as is are be being been that which who whose whom this these those its it their his her any some such other than into out over under up down very more most less much many one ones used especially usually often something someone thing things'.split(
    ' ',
  ),
);
const glossCache = new Map<string, Set<string>>();

function glossStems(s: string): Set<string> {
  let hit = glossCache.get(s);
  if (hit) return hit;
  hit = new Set<string>();
  for (const { word, tier } of wordsOfStem(s)) {
    if (tier > 0) continue;
    const seen = new Map<string, number>();
    for (const syn of synsetsOf(word, MAX_SENSES)) {
      const k = seen.get(syn.pos) ?? 0;
      seen.set(syn.pos, k + 1);
      if (k >= GLOSS_SENSES) continue;
      for (const w of syn.gloss.split(/[^a-z]+/)) if (w.length >= 4 && !GLOSS_STOP.has(w)) hit.add(stem(w));
    }
  }
  hit.delete(s);
  if (glossCache.size > 50_000) glossCache.clear();
  glossCache.set(s, hit);
  return hit;
}

function stemSenses(s: string): WordSenses | null {
  let hit = stemCache.get(s);
  if (hit !== undefined) return hit;
  const m: WordSenses = new Map();
  // derived words count as less frequent senses of the stem
  for (const { word, tier } of wordsOfStem(s)) addSenses(m, word, 2 * tier);
  hit = m.size ? m : null;
  if (stemCache.size > 50_000) stemCache.clear();
  stemCache.set(s, hit);
  return hit;
}

function addSenses(m: WordSenses, lemma: string, offset: number): void {
  const rank = new Map<string, number>();
  for (const s of synsetsOf(lemma, MAX_SENSES)) {
    const next = rank.get(s.pos) ?? 0;
    rank.set(s.pos, next + 1);
    const r = next + offset;
    reach(m, s.id, 0, r);
    // a collective noun in a column name stands for one of its members: `staff_no` is the
    // number of a staff member, so the member synset counts as the word's own sense
    if (s.lexFile === NOUN_GROUP) for (const member of s.members) reach(m, member, 0, r);
  }
}

function sensesOf(word: string): WordSenses | null {
  let hit = sensesCache.get(word);
  if (hit !== undefined) return hit;
  const m: WordSenses = new Map();
  for (const lemma of lemmasOf(word)) addSenses(m, lemma, 0);
  hit = m.size ? m : null;
  if (sensesCache.size > 50_000) sensesCache.clear();
  sensesCache.set(word, hit);
  return hit;
}

/** Length of the shortest hypernym chain from a synset up to a root (roots have depth 0). */
function depth(id: string, seen = new Set<string>()): number {
  const hit = depthCache.get(id);
  if (hit !== undefined) return hit;
  const s = synsetById(id);
  let d = 0;
  if (s?.hypernyms.length && !seen.has(id)) {
    seen.add(id);
    d = 1 + Math.min(...s.hypernyms.map((h) => depth(h, seen)));
  }
  depthCache.set(id, d);
  return d;
}

/**
 * WordNet relatedness of two surface words, 0 (unrelated or unknown) to `SYNONYM_SIMILARITY`: by
 * the fewest hypernym steps from a sense of one up to a sense of the other (0 = synonyms, 1 = one
 * is a kind of the other, 2 = a kind of a kind), a path-length measure in the spirit of Wu &
 * Palmer (1994) restricted to short paths to specific synsets.
 */
export function lexicalSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const x = sensesOf(a);
  const y = sensesOf(b);
  return x && y ? relate(x, y) : 0;
}

function relate(x: WordSenses, y: WordSenses): number {
  // one word's own sense must be the common synset: sister terms (day / year, male / female,
  // width / height) are alternatives to each other, not the same field — so only the own senses
  // of each side are looked up in the other's reach
  const best = Math.min(steps(ownSenses(x), y), steps(ownSenses(y), x));
  return best < BY_STEPS.length ? BY_STEPS[best]! : 0;
}

const own = new WeakMap<WordSenses, [string, number][]>();

function ownSenses(m: WordSenses): [string, number][] {
  let list = own.get(m);
  if (!list) {
    list = [];
    for (const [id, r] of m) if (r.hops === 0) list.push([id, r.rank]);
    own.set(m, list);
  }
  return list;
}

/** The fewest hypernym steps from one of `senses` up through `other`'s reach (Infinity: none). */
function steps(senses: [string, number][], other: WordSenses): number {
  let best = Number.POSITIVE_INFINITY;
  for (const [id, rank] of senses) {
    const q = other.get(id);
    if (!q || q.hops >= best || rank + q.rank > MAX_RANK_SUM[q.hops]!) continue;
    if (q.hops >= 2 && depth(id) < MIN_COMMON_DEPTH) continue;
    best = q.hops;
    if (best === 0) break;
  }
  return best;
}
