import type { TFieldMapping } from '@mapwright/contracts';
import { schemaLeafPaths } from './paths.ts';
import { mappingWords, type TTransform } from './transform-words.ts';

/** A deployed mapper entry (GET /pipelines/{id}/mapper, the spec form), read loosely. */
export interface TApiSpecEntry {
  '@sources'?: string[];
  '@default_values'?: unknown[];
  '@transform'?: TTransform;
  status?: string;
}
export interface TFieldChange {
  target: string;
  kind: 'added' | 'removed' | 'changed' | 'approved';
  /** the new mapping in words (the old one for a removed field) */
  words: string;
}
export interface TDeployPlan {
  fields: TFieldChange[];
  schemaAdded: string[];
  schemaRemoved: string[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What deploying the draft changes against the deployed mapper (none deployed: every field is
 * new) and the pipeline's current target schema.
 */
export function deployPlan(input: {
  draft: readonly TFieldMapping[];
  deployed: Record<string, TApiSpecEntry> | null;
  draftSchema: unknown;
  currentSchema: unknown;
}): TDeployPlan {
  const deployed = input.deployed ?? {};
  const fields: TFieldChange[] = [];
  const seen = new Set<string>();
  for (const f of input.draft) {
    seen.add(f.target);
    const words = mappingWords({
      sources: f.sources,
      transform: f.transform as TTransform,
      default: f.default,
    });
    const old = Object.hasOwn(deployed, f.target) ? deployed[f.target] : undefined;
    if (!old) {
      fields.push({ target: f.target, kind: 'added', words });
      continue;
    }
    const oldDefault = old['@default_values']?.[0];
    const mappingChanged =
      !same(old['@sources'] ?? [], f.sources) ||
      (old['@transform'] !== undefined && !same(old['@transform'], f.transform)) ||
      !same(oldDefault, f.default);
    if (mappingChanged) fields.push({ target: f.target, kind: 'changed', words });
    else if (f.status === 'approved' && old.status !== 'approved')
      fields.push({ target: f.target, kind: 'approved', words });
  }
  for (const [target, old] of Object.entries(deployed))
    if (!seen.has(target))
      fields.push({
        target,
        kind: 'removed',
        words: mappingWords({
          sources: old['@sources'] ?? [],
          transform: old['@transform'] ?? { kind: (old['@sources'] ?? []).length ? 'copy' : 'constant' },
          default: old['@default_values']?.[0],
        }),
      });
  const draftPaths = schemaLeafPaths(input.draftSchema);
  const currentPaths = new Set(schemaLeafPaths(input.currentSchema));
  const draftSet = new Set(draftPaths);
  return {
    fields,
    schemaAdded: draftPaths.filter((p) => !currentPaths.has(p)),
    schemaRemoved: [...currentPaths].filter((p) => !draftSet.has(p)),
  };
}
