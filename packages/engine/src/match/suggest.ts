import type { SourceProfile } from '../profile/types.ts';
import type { JsonSchema } from '../schema/target-schema.ts';
import {
  bucketOf,
  type FieldMapping,
  type MappingSpec,
  SPEC_VERSION,
  type Transform,
} from '../spec/types.ts';
import { type Alignment, alignArrays } from './align.ts';
import {
  type SourceFeature,
  sourceFeature,
  type TargetFeature,
  targetFeature,
  ValueIndex,
} from './features.ts';
import { acceptedCount, type Knowledge, learnedLookup } from './knowledge.ts';
import { WordWeights } from './names.ts';
import { aggregateProposals } from './propose-aggregate.ts';
import { codeCandidates } from './propose-codes.ts';
import { addressConcatCandidates, nameJoinCandidates, nameSplitCandidates } from './propose-parts.ts';
import { targetPatterns } from './propose-schema.ts';
import { nameScore, scorePair, valueContext } from './score.ts';
import { preferGeneralTargets } from './specific.ts';
import { aggregateCandidates, nameConcatCandidates, type Raw } from './synthesize.ts';
import { targetInfos } from './target.ts';
import { chooseTransform } from './transforms.ts';

export interface SuggestOptions {
  /** candidates listed per target field (default 5) */
  maxCandidates?: number;
  /** candidates below this raw evidence score are not listed (default 0.05) */
  minScore?: number;
  /** the spec only maps a target when its best free candidate reaches this raw score (default 0.4) */
  minAssignScore?: number;
}

export interface Candidate {
  sources: string[];
  /** 0..1, calibrated; the mapping's confidence */
  score: number;
  reason: string;
  transform: Transform;
}

export interface FieldSuggestion {
  target: string;
  candidates: Candidate[];
}

export interface Suggestion {
  fields: FieldSuggestion[];
  spec: MappingSpec;
}

const round = (x: number) => Math.round(x * 1000) / 1000;
const COMPETITION = 0.4;

/**
 * Raw evidence scores → calibrated confidence (about this share of suggestions with this score are
 * right), fitted on the chosen mappings of the schema-matching benchmarks; monotone, so rankings
 * do not change.
 */
const CALIBRATION: [number, number][] = [
  [0, 0],
  [0.3, 0.03],
  [0.4, 0.1],
  [0.5, 0.3],
  [0.6, 0.55],
  [0.7, 0.68],
  [0.8, 0.82],
  [0.9, 0.95],
  [1, 0.99],
];

export function calibrate(raw: number): number {
  const x = Math.min(1, Math.max(0, raw));
  for (let i = 1; i < CALIBRATION.length; i++) {
    const [x1, y1] = CALIBRATION[i]!;
    const [x0, y0] = CALIBRATION[i - 1]!;
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0)) * (y1 - y0);
  }
  return 0.99;
}

function reasonOf(
  s: SourceFeature,
  t: TargetFeature,
  r: Raw,
  accepted: number,
  note?: string,
  align?: Alignment,
): string {
  const parts: string[] = [];
  if (r.aggregate) parts.push(`${r.aggregate} over the array ${s.profile.path.split('[*]')[0]}`);
  if (r.name >= 0.95) parts.push('same name');
  else if (r.name >= 0.5) parts.push(`similar name (${Math.round(r.name * 100)}%)`);
  parts.push(...r.notes);
  if (accepted) parts.push(`accepted ${accepted} time${accepted > 1 ? 's' : ''} before`);
  if (note) parts.push(note);
  if (align)
    parts.push(
      s.profile.inArray ? align.note : `outside any array: the same value in every ${align.target} element`,
    );
  const why = parts.length ? parts.join('; ') : 'weak evidence only';
  return `${s.profile.path} → ${t.info.path}: ${why}.`;
}

/**
 * Proposes a mapping for every target field: ranked candidate sources with scores, reasons and
 * transforms, and a consistent spec (each source used once, greedy by score). Deterministic.
 */
export function suggestMapping(input: {
  profile: SourceProfile;
  targetSchema: JsonSchema;
  knowledge?: Knowledge;
  options?: SuggestOptions;
}): Suggestion {
  const { profile, knowledge } = input;
  const maxCandidates = input.options?.maxCandidates ?? 5;
  const minScore = input.options?.minScore ?? 0.05;
  const minAssign = input.options?.minAssignScore ?? 0.4;
  const targets = targetInfos(input.targetSchema).map(targetFeature);
  const patterns = targetPatterns(input.targetSchema);
  const sources = profile.fields.filter((f) => f.type !== 'object' && f.type !== 'array').map(sourceFeature);

  const weights = new WordWeights();
  for (const x of [...sources, ...targets]) weights.add(x.leaf);
  const index = new ValueIndex(targets);
  const contexts = sources.map((s) =>
    valueContext(s, index.coverage(s, targets.length), index.wordCoverage(s)),
  );

  const perTarget: Raw[][] = targets.map((t, ti) => {
    const raws: Raw[] = sources.map((s, si) => {
      const r = scorePair(s, t, ti, contexts[si]!, nameScore(s, t, weights));
      const accepted =
        acceptedCount(knowledge, s.profile.path, t.info.path) ||
        acceptedCount(knowledge, s.profile.name, t.info.name);
      const score = accepted ? 1 - (1 - r.score) * (1 - Math.min(0.9, 0.6 + 0.1 * accepted)) : r.score;
      // a value of a target outside any array cannot be a list: from inside an array it needs an aggregate
      const listy = s.profile.inArray && !t.info.inArray && !t.info.isArray;
      return { si, score: listy ? score * 0.5 : score, notes: r.notes, name: r.name };
    });
    for (const a of [
      ...aggregateCandidates(t, sources, weights),
      ...nameConcatCandidates(t, sources),
      ...aggregateProposals(t, sources, weights),
      ...nameSplitCandidates(t, sources),
      ...addressConcatCandidates(t, sources),
      ...nameJoinCandidates(t, sources),
      ...codeCandidates(t, sources),
    ]) {
      if (a.score > (raws[a.si]?.score ?? 0)) raws[a.si] = a;
    }
    return raws;
  });
  preferGeneralTargets(targets, perTarget);
  // Relative evidence: a pair far below the best pair of its source or of its target is probably a
  // near-duplicate field (relationship_gender next to gender); shrink it in proportion.
  const bestOfSource = new Float64Array(sources.length);
  const bestOfTarget = new Float64Array(targets.length);
  perTarget.forEach((raws, ti) => {
    for (const r of raws) {
      bestOfSource[r.si] = Math.max(bestOfSource[r.si]!, r.score);
      bestOfTarget[ti] = Math.max(bestOfTarget[ti]!, r.score);
    }
  });
  perTarget.forEach((raws, ti) => {
    for (const r of raws) {
      if (r.score <= 0) continue;
      const rs = r.score / bestOfSource[r.si]!;
      const rt = r.score / bestOfTarget[ti]!;
      r.score *= (1 - COMPETITION * (1 - rs)) * (1 - COMPETITION * (1 - rt));
    }
    raws.splice(
      0,
      raws.length,
      ...raws.filter((r) => r.score >= minScore).sort((a, b) => b.score - a.score || a.si - b.si),
    );
  });
  // the fields of one target array come from one source array (or from outside any array)
  const alignments = alignArrays(targets, sources, perTarget, { minAssign, confidence: calibrate });

  const candidateOf = (ti: number, r: Raw): Candidate => {
    const t = targets[ti]!;
    const s = sources[r.si]!;
    const learned = learnedLookup(knowledge, t.info.path) ?? learnedLookup(knowledge, t.info.name);
    const choice: { transform: Transform; note?: string; confidence?: number } = r.transform
      ? { transform: r.transform }
      : r.aggregate
        ? { transform: { kind: 'aggregate', fn: r.aggregate } }
        : r.also
          ? { transform: { kind: 'concat', separator: ' ' } }
          : chooseTransform(s, t, learned, r.score >= 0.25 || Boolean(learned), {
              pattern: patterns.get(t.info.path),
            });
    const accepted =
      acceptedCount(knowledge, s.profile.path, t.info.path) ||
      acceptedCount(knowledge, s.profile.name, t.info.name);
    return {
      sources: [s.profile.path, ...(r.also ?? []).map((i) => sources[i]!.profile.path)],
      // a transform unsure of the values (an ambiguous date column, values it cannot read) lowers the field's confidence
      score: round(calibrate(r.score) * (choice.confidence ?? 1)),
      reason: reasonOf(s, t, r, accepted, choice.note, alignments[ti]),
      transform: choice.transform,
    };
  };

  const fields: FieldSuggestion[] = targets.map((t, ti) => ({
    target: t.info.path,
    candidates: perTarget[ti]!.slice(0, maxCandidates).map((r) => candidateOf(ti, r)),
  }));

  // one source per target, best pairs first; aggregates read an array without claiming it
  const pairs = perTarget.flatMap((raws, ti) =>
    raws.filter((r) => r.score >= minAssign).map((r) => ({ ti, r })),
  );
  pairs.sort((a, b) => b.r.score - a.r.score || a.ti - b.ti || a.r.si - b.r.si);
  const chosen = new Map<number, Raw>();
  const used = new Set<number>();
  for (const { ti, r } of pairs) {
    const needs = [r.si, ...(r.also ?? [])];
    const claims = !r.aggregate && !r.shared;
    if (chosen.has(ti) || (claims && needs.some((i) => used.has(i)))) continue;
    chosen.set(ti, r);
    if (claims) for (const i of needs) used.add(i);
  }
  const specFields: FieldMapping[] = targets.map((t, ti) => {
    const r = chosen.get(ti);
    if (!r) {
      const align = alignments[ti];
      // null marks the field as unmapped; a field that may be missing but not null is left out
      return {
        target: t.info.path,
        sources: [],
        transform: { kind: 'constant' },
        default: null,
        ...(t.info.omitNull ? { omitNull: true } : {}),
        confidence: 0,
        bucket: bucketOf(0),
        reason:
          (align
            ? `No source field of ${align.source} (the array that ${align.target} is aligned with) or outside any array fits ${t.info.path}.`
            : `No source field fits ${t.info.path}.`) +
          (t.info.omitNull ? ' It is optional and does not accept null, so it is left out.' : ''),
        status: 'suggested',
      };
    }
    const c = candidateOf(ti, r);
    return {
      target: t.info.path,
      sources: c.sources,
      transform: c.transform,
      confidence: c.score,
      bucket: bucketOf(c.score),
      reason: c.reason,
      status: 'suggested',
    };
  });
  return { fields, spec: { version: SPEC_VERSION, fields: specFields } };
}
