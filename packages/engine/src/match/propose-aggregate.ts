/**
 * Aggregates over arrays of any name: a target total, count, earliest or latest date read from its
 * name and description ("itemCount", "Number of line items", "Sum of the line amounts",
 * "Earliest shipment date"), over the source array whose name (or whose fields' names) fits the
 * rest of the target's words best, when the types fit.
 */
import { parseDate } from '../mapper/dates.ts';
import { normalizeText } from '../values/normalize.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import { conceptSimilarity, nameConcepts, splitWords, type WordWeights } from './names.ts';
import type { Raw } from './synthesize.ts';

type Fn = 'count' | 'sum' | 'min' | 'max' | 'earliest' | 'latest';

/** Aggregate words of general English (and the usual abbreviations cnt, num, nbr, qty of). */
const COUNT = new Set(['count', 'cnt', 'number', 'num', 'nbr', 'many']);
const SUM = new Set(['total', 'sum', 'tot']);
const LOW = new Set(['earliest', 'first', 'min', 'minimum', 'oldest', 'lowest', 'smallest', 'start']);
const HIGH = new Set(['latest', 'last', 'max', 'maximum', 'newest', 'highest', 'largest', 'end', 'recent']);
const FILLER = new Set([
  'of',
  'the',
  'a',
  'an',
  'in',
  'on',
  'all',
  'across',
  'per',
  'for',
  'each',
  'holding',
  'by',
  'and',
  'its',
  'this',
  'that',
  'how',
  'at',
  'to',
  'from',
  'with',
  'order',
]);

function fnOf(own: string[], doc: string[], t: TargetFeature): Fn | undefined {
  const isDate = t.expectsDate;
  const numberTarget = t.info.types.some((x) => x === 'number' || x === 'integer');
  const has = (set: Set<string>, ws: string[]) => ws.some((w) => set.has(w));
  // "number of" / "count"; a lone "number" inside a name (account_number) is an identifier
  const counts = (ws: string[]) =>
    ws.some((w, i) =>
      w === 'number' || w === 'num' || w === 'nbr'
        ? i === 0 || ws[i + 1] === 'of'
        : COUNT.has(w) && (w !== 'many' || ws[i - 1] === 'how'),
    );
  if (numberTarget && (counts(own) || (own.length <= 2 && doc[0] !== undefined && counts(doc.slice(0, 3)))))
    return 'count';
  if (isDate) {
    if (has(LOW, own) || has(LOW, doc.slice(0, 2))) return 'earliest';
    if (has(HIGH, own) || has(HIGH, doc.slice(0, 3))) return 'latest';
    return undefined;
  }
  if (!numberTarget) return undefined;
  if (has(SUM, own) || (doc[0] !== undefined && SUM.has(doc[0]))) return 'sum';
  if (own.some((w) => w === 'min' || w === 'minimum' || w === 'lowest' || w === 'smallest')) return 'min';
  if (own.some((w) => w === 'max' || w === 'maximum' || w === 'highest' || w === 'largest')) return 'max';
  return undefined;
}

const arrayOf = (path: string) => path.slice(0, path.lastIndexOf('[*]'));
const decimalsOf = (v: string) => {
  const m = /\.(\d+)\s*[A-Za-z%)]*\s*$/.exec(v.trim());
  return m ? m[1]!.length : 0;
};

export function aggregateProposals(t: TargetFeature, sources: SourceFeature[], weights: WordWeights): Raw[] {
  if (t.info.inArray) return [];
  const own = splitWords(t.info.name);
  const doc = normalizeText(`${t.info.title ?? ''} ${t.info.description ?? ''}`)
    .split(' ')
    .filter(Boolean);
  const fn = fnOf(own, doc, t);
  if (!fn) return [];
  const aggregateWords = new Set([...COUNT, ...SUM, ...LOW, ...HIGH, 'date', 'time', 'qty']);
  const rest = [...own, ...doc].filter((w) => !aggregateWords.has(w) && !FILLER.has(w));
  const restConcepts = nameConcepts(rest.join(' '));
  const inArrays = sources.map((s, si) => ({ s, si })).filter(({ s }) => s.profile.inArray);
  if (inArrays.length === 0) return [];
  const arrays = [...new Set(inArrays.map(({ s }) => arrayOf(s.profile.path)))];
  const sim = (a: string) =>
    restConcepts.length ? conceptSimilarity(restConcepts, nameConcepts(a), weights) : 0;
  const arrayName = (a: string) => a.slice(a.lastIndexOf('.') + 1);
  const out: Raw[] = [];
  if (fn === 'count') {
    const scored = arrays.map((a) => {
      const fields = inArrays.filter(({ s }) => arrayOf(s.profile.path) === a);
      const own_ = sim(arrayName(a));
      const viaField = Math.max(0, ...fields.map(({ s }) => sim(s.profile.name)));
      return { a, fields, score: Math.max(own_, 0.8 * viaField) };
    });
    for (const x of scored) {
      const only = arrays.length === 1;
      if (x.score < 0.3 && !only) continue;
      const score = 0.5 + 0.4 * Math.max(x.score, only ? 0.5 : 0);
      out.push({
        si: x.fields[0]!.si,
        score,
        name: x.score,
        notes: [
          `the target's words (${[...own, ...doc.slice(0, 6)].join(' ')}) ask for a count; counts the elements of ${x.a}${only ? ' (the only array of the source)' : ''}`,
        ],
        aggregate: 'count',
        transform: { kind: 'aggregate', fn: 'count' },
        shared: true,
      });
    }
    return out;
  }
  const fits = inArrays.filter(({ s }) =>
    fn === 'earliest' || fn === 'latest'
      ? s.date || shareDates(s) >= 0.8
      : (s.numeric || shareNumbers(s) >= 0.9) && !isIdentifier(s.profile.name),
  );
  for (const { s, si } of fits) {
    const a = arrayOf(s.profile.path);
    const nameSim = Math.max(sim(s.profile.name), 0.7 * sim(`${arrayName(a)} ${s.profile.name}`));
    const alone = fits.length === 1;
    if (nameSim < 0.25 && !alone) continue;
    const score = 0.5 + 0.4 * Math.max(nameSim, alone ? 0.5 : 0);
    if (fn === 'earliest' || fn === 'latest') {
      const to = t.info.format === 'date-time' ? 'date-time' : 'date';
      const layout = s.profile.layout;
      const fixed = layout && s.values.every((v) => !v.trim() || parseDate(v, layout) !== undefined);
      out.push({
        si,
        score,
        name: nameSim,
        notes: [
          `the target asks for the ${fn} date; the ${fn} of ${s.profile.path}, after re-writing each date to ISO ${to}${fixed ? ` from ${layout}` : ''} (ISO dates sort in time order)`,
        ],
        transform: {
          kind: 'chain',
          steps: [
            fixed ? { kind: 'date', from: layout, to } : { kind: 'date', to },
            { kind: 'aggregate', fn },
          ],
        },
        shared: true,
      });
      continue;
    }
    const decimals = Math.min(10, Math.max(0, ...s.values.map(decimalsOf)));
    const rounding = fn === 'sum' && decimals > 0 && s.profile.type !== 'integer';
    out.push({
      si,
      score,
      name: nameSim,
      notes: [
        `the target's words (${[...own, ...doc.slice(0, 6)].join(' ')}) ask for the ${fn === 'sum' ? 'sum' : fn === 'min' ? 'smallest value' : 'largest value'}; ${fn} of ${s.profile.path}${rounding ? `, rounded to ${decimals} decimals as the amounts are written (no float noise)` : ''}`,
      ],
      aggregate: fn,
      transform: rounding
        ? {
            kind: 'chain',
            steps: [
              { kind: 'aggregate', fn },
              { kind: 'round', decimals },
            ],
          }
        : { kind: 'aggregate', fn },
      shared: true,
    });
  }
  return out;
}

/** Line numbers, ids and codes are numbers nobody adds up (general English and the usual abbreviations). */
const IDENTIFIER_WORDS = new Set([
  'id',
  'no',
  'nr',
  'nbr',
  'num',
  'number',
  'code',
  'seq',
  'sequence',
  'index',
  'idx',
  'key',
  'ref',
  'position',
  'pos',
  'year',
  'zip',
]);
function isIdentifier(name: string): boolean {
  const ws = splitWords(name);
  return ws.length > 0 && IDENTIFIER_WORDS.has(ws[ws.length - 1]!);
}

function shareDates(s: SourceFeature): number {
  const vs = s.values.filter((v) => v.trim());
  return vs.length ? vs.filter((v) => parseDate(v) !== undefined).length / vs.length : 0;
}
function shareNumbers(s: SourceFeature): number {
  const vs = s.values.filter((v) => v.trim());
  return vs.length
    ? vs.filter((v) => /^[\s$€£¥(A-Z]*-?[\d,]+(\.\d+)?[\s)A-Z%]*$/.test(v)).length / vs.length
    : 0;
}
