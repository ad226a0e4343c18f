import type { TFieldMapping } from '@mapwright/contracts';
import { isUnmapped, type TTransform } from './transform-words.ts';

/** Below this a code → value pair of a suggested lookup is unsure (the engine's propose-codes rule). */
export const UNSURE_PAIR = 0.8;

/**
 * Where a field stands as a suggestion: `suggested` waits for the person's word, `accepted` was
 * approved, `rejected` was set to no source (POST /workshops/{id}/reject), `edited` was changed by hand, `none` has nothing
 * to decide (the matcher found no source).
 */
export type TSuggestionState = 'suggested' | 'accepted' | 'rejected' | 'edited' | 'none';

export function suggestionState(m: TFieldMapping | null): TSuggestionState {
  if (!m) return 'none';
  const unmapped = isUnmapped({ ...m, transform: m.transform as TTransform });
  if (m.status === 'edited') return unmapped ? 'rejected' : 'edited';
  if (unmapped) return 'none';
  return m.status === 'approved' ? 'accepted' : 'suggested';
}

export interface TLookupEntry {
  source: string;
  target: unknown;
  /** the pair's confidence, when the reason gives it */
  confidence?: number;
  /** the rule or code system behind the pair, in words */
  rule?: string;
  unsure: boolean;
}

/** The lookup step of a transform (alone or in a chain). */
function lookupOf(t: TTransform): { table: Record<string, unknown> } | undefined {
  if (t.kind === 'lookup') return { table: (t.table as Record<string, unknown>) ?? {} };
  if (t.kind === 'chain')
    for (const s of (t.steps as TTransform[]) ?? []) {
      const found = lookupOf(s);
      if (found) return found;
    }
  return undefined;
}

// "F → FULL_TIME (the only value starting with "F", confidence 0.65)", as the engine's describeCodes writes a pair
const PAIR = /([^\s,:][^,:→]*?) → ([^(→]+?) \(([^()]*), confidence (\d(?:\.\d+)?)\)/g;

/** The pairs the reason gives a confidence for, by source value. */
function pairEvidence(reason: string): Map<string, { confidence: number; rule: string }> {
  const out = new Map<string, { confidence: number; rule: string }>();
  for (const m of reason.matchAll(PAIR))
    out.set(m[1] as string, { rule: m[3] as string, confidence: Number(m[4]) });
  return out;
}

/**
 * The lookup table of a suggestion, each pair with the confidence its reason gives (codes matched
 * by meaning carry one; spelled-out matches do not), unsure pairs first.
 */
export function lookupEntries(m: Pick<TFieldMapping, 'transform' | 'reason'>): TLookupEntry[] | null {
  const step = lookupOf(m.transform as TTransform);
  if (!step) return null;
  const evidence = pairEvidence(m.reason);
  const entries = Object.entries(step.table).map(([source, target]): TLookupEntry => {
    const e = evidence.get(source);
    return {
      source,
      target,
      ...(e ? { confidence: e.confidence, rule: e.rule } : {}),
      unsure: e !== undefined && e.confidence < UNSURE_PAIR,
    };
  });
  return entries.sort((a, b) => Number(b.unsure) - Number(a.unsure));
}

/** A suggestion the engine marked for review (an unsure lookup pair, dates it could not all read). */
export function needsReview(m: Pick<TFieldMapping, 'transform' | 'reason'>): boolean {
  return (
    /marked for review|review the rest/i.test(m.reason) || (lookupEntries(m)?.some((e) => e.unsure) ?? false)
  );
}

/**
 * The evidence of a suggestion without the "source → target:" it starts with (the row already says
 * where the value comes from), as a sentence.
 */
export function reasonWords(reason: string, target: string): string {
  const prefix = ` → ${target}: `;
  const at = reason.indexOf(prefix);
  const rest = at >= 0 && at < 200 ? reason.slice(at + prefix.length) : reason;
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
