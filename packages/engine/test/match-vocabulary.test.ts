import { describe, expect, it } from 'vitest';
import { lexicalSimilarity, stemSimilarity, wordsOfStem } from '../src/match/lexicon/lexical.ts';
import { synsetsOf, wordNetAvailable } from '../src/match/lexicon/wordnet.ts';
import { conceptOf, conceptSimilarity, nameConcepts } from '../src/match/names.ts';
import {
  ABBREVIATION_TABLE,
  ABBREVIATIONS,
  AGGREGATE_TABLE,
  PHRASE_TABLE,
  SOURCES,
  type Sourced,
  SYNONYM_GROUPS,
  SYNONYM_TABLE,
  TIME_UNIT_TABLE,
  UNIT_TABLE,
} from '../src/match/vocabulary.ts';
import { valueKeys } from '../src/values/normalize.ts';

const tables: [string, Sourced<unknown>[]][] = [
  ['abbreviations', ABBREVIATION_TABLE],
  ['phrases', PHRASE_TABLE],
  ['synonyms', SYNONYM_TABLE],
  ['units', UNIT_TABLE],
  ['aggregates', AGGREGATE_TABLE],
  ['time units', [TIME_UNIT_TABLE]],
];

const sharesSynset = (a: string, b: string) => {
  const ids = new Set(synsetsOf(a).map((s) => s.id));
  return synsetsOf(b).some((s) => ids.has(s.id));
};

describe('vocabulary tables', () => {
  it('every group of entries names a known source with a description', () => {
    for (const [name, table] of tables) {
      expect(table.length, name).toBeGreaterThan(0);
      for (const group of table) {
        expect(Object.keys(SOURCES), `${name}: ${JSON.stringify(group.entries)}`).toContain(group.source);
        expect(SOURCES[group.source].length).toBeGreaterThan(20);
        expect(Object.keys(group.entries as object).length, name).toBeGreaterThan(0);
      }
    }
  });

  it('entries credited to WordNet are lemmas of one WordNet synset', () => {
    expect(wordNetAvailable()).toBe(true);
    for (const g of PHRASE_TABLE.filter((x) => x.source === 'wordnet')) {
      for (const [from, to] of Object.entries(g.entries))
        expect(sharesSynset(from, to), `${from} ~ ${to}`).toBe(true);
    }
    for (const g of SYNONYM_TABLE.filter((x) => x.source === 'wordnet')) {
      for (const group of g.entries)
        for (const w of group.slice(1)) expect(sharesSynset(group[0]!, w), `${group[0]} ~ ${w}`).toBe(true);
    }
  });

  it('morphology groups are forms of one word (a shared beginning)', () => {
    for (const g of SYNONYM_TABLE.filter((x) => x.source === 'morphology')) {
      for (const group of g.entries) {
        for (const w of group) expect(w.slice(0, 3), group.join('/')).toBe(group[0]!.slice(0, 3));
      }
    }
  });

  it('abbreviations are shorter than their expansion, and expand to words, not to themselves', () => {
    for (const [abbr, full] of ABBREVIATIONS) {
      expect(abbr).not.toBe(full);
      expect(abbr.length, abbr).toBeLessThan(full.length);
      expect(full).toMatch(/^[a-z]+( [a-z]+)*$/);
    }
  });

  it('holds none of the entries that only linked benchmark pairs', () => {
    const words = new Set([
      ...SYNONYM_GROUPS.flat(),
      ...ABBREVIATIONS.keys(),
      ...PHRASE_TABLE.flatMap((g) => Object.keys(g.entries)),
    ]);
    for (const w of [
      'kickoff',
      'onset',
      'quit',
      'genre',
      'sm',
      'dimension',
      'diameter',
      'examined',
      'tested',
    ])
      expect(words.has(w), w).toBe(false);
    // a misspelling seen in one data set is not a value synonym; the word itself is
    expect(valueKeys('Caucasion')).not.toContain('~white');
    expect(valueKeys('Caucasian')).toContain('~white');
  });
});

describe('naming conventions', () => {
  it('reads a trailing number as an identifier and a leading one as a count', () => {
    expect(nameConcepts('Invoice #')).toEqual(nameConcepts('invoice_id'));
    expect(nameConcepts('invoiceNumber')).toEqual(nameConcepts('invoice_id'));
    expect(nameConcepts('staff_no')).toEqual(nameConcepts('staff_id'));
    expect(nameConcepts('Txn Ref')).toEqual(nameConcepts('transactionId'));
    expect(nameConcepts('number_of_children')).toEqual(nameConcepts('nChildren'));
    expect(nameConcepts('number_of_children')).not.toContain(conceptOf('identifier'));
  });

  it('reads phrases after abbreviations, and WordNet multiword synonyms as one', () => {
    expect(nameConcepts('ADDR_LINE1').slice(0, 2)).toEqual(nameConcepts('street_address'));
    expect(nameConcepts('postalCode')).toEqual(nameConcepts('ZIP'));
    expect(nameConcepts('givenName')).toEqual(nameConcepts('first_name'));
  });
});

describe('WordNet lexicon', () => {
  it('relates synonyms, hypernyms and words of the definition, not sister terms or unrelated words', () => {
    expect(lexicalSimilarity('kickoff', 'start')).toBeGreaterThanOrEqual(0.85); // one synset
    expect(lexicalSimilarity('quit', 'stop')).toBeGreaterThanOrEqual(0.85);
    expect(lexicalSimilarity('examined', 'tested')).toBeGreaterThanOrEqual(0.85); // morphy: examine ~ test
    expect(lexicalSimilarity('genre', 'kind')).toBeGreaterThanOrEqual(0.7); // genre is a kind of kind
    expect(lexicalSimilarity('diameter', 'dimension')).toBeGreaterThanOrEqual(0.5); // a length, a dimension
    // sister terms are alternatives, not the same field
    expect(lexicalSimilarity('day', 'year')).toBe(0);
    expect(lexicalSimilarity('width', 'height')).toBe(0);
    expect(lexicalSimilarity('male', 'female')).toBe(0);
    // a word in the definition of the other: smoking is "the act of smoking tobacco"
    expect(stemSimilarity(conceptOf('smoking'), conceptOf('tobacco'))).toBeGreaterThan(0);
    expect(lexicalSimilarity('email', 'birth')).toBe(0);
    expect(lexicalSimilarity('notaword', 'start')).toBe(0);
  });

  it('works on the stems the matcher uses, from the stem alone (deterministic)', () => {
    expect(wordsOfStem(conceptOf('pathological')).map((w) => w.word)).toContain('pathology');
    expect(stemSimilarity(conceptOf('examined'), conceptOf('tested'))).toBeGreaterThanOrEqual(0.85);
    const before = conceptSimilarity(nameConcepts('activity_start'), nameConcepts('kickoff'));
    nameConcepts('starting_kickoffs'); // other names seen in between change nothing
    expect(conceptSimilarity(nameConcepts('activity_start'), nameConcepts('kickoff'))).toBe(before);
    expect(before).toBeGreaterThan(0.4);
  });

  it('stays fast: a thousand word pairs in well under a second once loaded', () => {
    lexicalSimilarity('state', 'status');
    const words = [
      'tumor',
      'size',
      'stage',
      'grade',
      'site',
      'origin',
      'history',
      'status',
      'smoking',
      'weight',
    ];
    const t = performance.now();
    for (let i = 0; i < 10; i++) for (const a of words) for (const b of words) lexicalSimilarity(a, b);
    expect(performance.now() - t).toBeLessThan(1000);
  });

  it('never takes one unit of time for another, although WordNet files days under years', () => {
    const sim = (a: string, b: string) => conceptSimilarity(nameConcepts(a), nameConcepts(b));
    expect(sim('follow_up_days', 'days_to_follow_up')).toBe(1);
    expect(sim('follow_up_days', 'year_of_follow_up')).toBeLessThan(0.7);
    expect(sim('day', 'days')).toBeGreaterThan(0.7);
    expect(sim('age_years', 'age_in_year')).toBe(1);
  });
});
