import { splitAtFirstArray } from '../spec/paths.ts';
import type { SourceFeature, TargetFeature } from './features.ts';
import { conceptSimilarity, nameConcepts, trigramSimilarity } from './names.ts';
import type { Raw } from './synthesize.ts';

/**
 * Array alignment: every field of one target array (`transactions[*].…`) is fed from ONE source
 * array, since the mapper builds one output element per element of the array it iterates. Fields
 * picked one by one from different arrays (`id` from `entities[*]`, `amount` from
 * `transactions[*]`) would give one element whose values are lists.
 */

/** How much the target array's name agreeing with a source array's name weighs (one field's worth). */
const NAME_WEIGHT = 1;

export interface Alignment {
  /** the target array, e.g. `transactions` */
  target: string;
  /** the source array its fields come from, e.g. `transactions` */
  source: string;
  /** why this array, for the fields' reasons */
  note: string;
}

/** The outermost array a path goes through (`transactions[*].amount` → `transactions`). */
const arrayOf = (path: string): string | undefined => splitAtFirstArray(path)?.prefix;
const depthOf = (path: string): number => path.split('[*]').length - 1;
const lastName = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

function arrayNameSimilarity(target: string, source: string): number {
  const a = lastName(target);
  const b = lastName(source);
  return Math.max(conceptSimilarity(nameConcepts(a), nameConcepts(b)), 0.9 * trigramSimilarity(a, b));
}

interface Evidence {
  key: string;
  /** sum over the target array's fields of the best confidence under this source array */
  sum: number;
  /** fields with an assignable candidate under this source array */
  fits: number;
  name: number;
  total: number;
  /** first source of the array (deterministic ties) */
  first: number;
}

/**
 * Chooses, for every target array, the source array its fields are aligned with — by the evidence
 * of all its fields together (the sum of their best confidences under each source array) plus the
 * similarity of the two arrays' names — and drops from its fields' candidates every source under
 * another array (or under deeper arrays the field cannot hold). Sources outside any array stay:
 * their value is repeated in every element. `perTarget` is filtered in place (order kept).
 * Returns the alignment per target index (undefined for fields outside target arrays).
 */
export function alignArrays(
  targets: TargetFeature[],
  sources: SourceFeature[],
  perTarget: Raw[][],
  opts: { minAssign: number; confidence: (raw: number) => number },
): (Alignment | undefined)[] {
  const out: (Alignment | undefined)[] = new Array(targets.length).fill(undefined);
  const groups = new Map<string, number[]>();
  targets.forEach((t, ti) => {
    const prefix = t.info.inArray ? arrayOf(t.info.path) : undefined;
    if (prefix === undefined) return;
    const list = groups.get(prefix);
    if (list) list.push(ti);
    else groups.set(prefix, [ti]);
  });
  for (const [prefix, tis] of groups) {
    // a field at array depth d holds values of sources at depth ≤ d (one more for a list field)
    const fitsDepth = (ti: number, si: number) => {
      const t = targets[ti]!.info;
      return depthOf(sources[si]!.profile.path) <= depthOf(t.path) + (t.isArray ? 1 : 0);
    };
    const keyOf = (ti: number, r: Raw): string | null | undefined => {
      const keys = new Set([r.si, ...(r.also ?? [])].map((si) => arrayOf(sources[si]!.profile.path)));
      const ok = [r.si, ...(r.also ?? [])].every((si) => fitsDepth(ti, si));
      if (!ok || keys.size !== 1) return null; // unusable inside this target array
      return [...keys][0]; // undefined: outside any array
    };
    const evidence = new Map<string, Evidence>();
    for (const ti of tis) {
      const seen = new Set<string>();
      for (const r of perTarget[ti]!) {
        if (r.aggregate) continue;
        const key = keyOf(ti, r);
        if (typeof key !== 'string' || seen.has(key)) continue;
        seen.add(key); // the candidates are sorted: the first under an array is its best
        let e = evidence.get(key);
        if (!e) {
          const name = arrayNameSimilarity(prefix, key);
          e = { key, sum: 0, fits: 0, name, total: 0, first: Number.POSITIVE_INFINITY };
          evidence.set(key, e);
        }
        e.sum += opts.confidence(r.score);
        if (r.score >= opts.minAssign) e.fits++;
        e.first = Math.min(e.first, r.si);
      }
    }
    const ranked = [...evidence.values()];
    for (const e of ranked) e.total = e.sum + NAME_WEIGHT * e.name;
    ranked.sort((a, b) => b.total - a.total || b.name - a.name || a.first - b.first);
    const best = ranked[0];
    for (const ti of tis) {
      const raws = perTarget[ti]!;
      const kept = raws.filter((r) => {
        const key = keyOf(ti, r);
        return key === undefined || key === best?.key;
      });
      raws.splice(0, raws.length, ...kept);
    }
    if (!best) continue;
    const note = alignmentNote(prefix, best, ranked.slice(1), tis.length);
    for (const ti of tis) out[ti] = { target: prefix, source: best.key, note };
  }
  return out;
}

function alignmentNote(prefix: string, best: Evidence, rivals: Evidence[], fields: number): string {
  const base = `from ${best.key}, the array that ${prefix} is aligned with`;
  const why: string[] = [];
  if (best.name >= 0.95) why.push('same array name');
  else if (best.name >= 0.5) why.push(`similar array name (${Math.round(best.name * 100)}%)`);
  const rival = rivals.find((r) => r.fits > 0);
  if (rival || best.fits > 0)
    why.push(
      `matches for ${best.fits} of its ${fields} fields${rival ? `, in ${rival.key} for ${rival.fits}` : ''}`,
    );
  return why.length ? `${base} (${why.join('; ')})` : base;
}
