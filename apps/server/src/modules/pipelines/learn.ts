import {
  createKnowledge,
  type Knowledge,
  type MappingSpec,
  recordAcceptedLookup,
  recordAcceptedMapping,
} from '@mapwright/engine';
import { eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { orgKnowledge } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { deployedSpec, findPipeline } from './pipelines.service.ts';

export async function loadKnowledge(ctx: AppContext, orgId: string): Promise<Knowledge> {
  const [row] = await ctx.db.select().from(orgKnowledge).where(eq(orgKnowledge.organizationId, orgId));
  return (row?.knowledge as unknown as Knowledge) ?? createKnowledge();
}

/**
 * Learns from the pipeline's deployed mapper: its source→target pairs and lookup tables become
 * the organization's knowledge, which later suggestions prefer.
 */
export async function learnFromPipeline(
  ctx: AppContext,
  p: Principal,
  pipelineId: string,
  targetFieldNames?: string[],
) {
  const pipeline = await findPipeline(ctx, p.orgId, pipelineId);
  assertCanWrite(p);
  const deployed = await deployedSpec(ctx, pipeline);
  if (!deployed)
    throw new AppError(409, 'Deploy a mapper first: learning uses the deployed, reviewed mapping');
  const wanted = targetFieldNames ? new Set(targetFieldNames) : undefined;
  let knowledge = await loadKnowledge(ctx, p.orgId);
  let mappings = 0;
  let lookups = 0;
  for (const f of (deployed.spec as MappingSpec).fields) {
    if (wanted && !wanted.has(f.target)) continue;
    if (f.sources.length === 1) {
      knowledge = recordAcceptedMapping(knowledge, {
        sourceName: f.sources[0]!,
        targetName: f.target,
        transform: f.transform,
      });
      mappings++;
    }
    if (f.transform.kind === 'lookup') {
      knowledge = recordAcceptedLookup(knowledge, { targetName: f.target, table: f.transform.table });
      lookups++;
    }
  }
  await ctx.db
    .insert(orgKnowledge)
    .values({ organizationId: p.orgId, knowledge: knowledge as never })
    .onConflictDoUpdate({
      target: orgKnowledge.organizationId,
      set: { knowledge: knowledge as never, updatedAt: new Date() },
    });
  return { learned_mappings: mappings, learned_lookups: lookups };
}
