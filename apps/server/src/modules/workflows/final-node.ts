import type { TFinalNode } from '@mapwright/contracts';
import { type JsonSchema, type MappingSpec, profileRecords, suggestMapping } from '@mapwright/engine';
import type { Config } from '../../config.ts';
import { evaluateUserCode } from '../../lib/user-code.ts';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import type { NodeOutputs } from './templates.ts';

/*
 * The final node maps everything gathered, one record `{<nodeId>: [records...]}`, onto its
 * final schema with the engine (the node's own mapping, or the engine's suggestion) and
 * validates the result. The mapping is user code (JSONata): it runs on a user-code thread under
 * USER_CODE_TIMEOUT_MS, so a runaway expression fails this run, not the server.
 */

export interface FinalResult {
  output: unknown;
  valid: boolean;
  errors: { path: string; message: string }[];
}

/** The engine's mapping of the gathered data onto a final schema (each field with its reason). */
export function suggestFinalMapping(schema: JsonSchema, outputs: NodeOutputs): MappingSpec {
  return suggestMapping({ profile: profileRecords([Object.fromEntries(outputs)]), targetSchema: schema })
    .spec;
}

export async function runFinalNode(
  limits: Pick<Config, 'USER_CODE_TIMEOUT_MS' | 'USER_CODE_MEMORY_MB'>,
  node: TFinalNode,
  outputs: NodeOutputs,
): Promise<FinalResult> {
  const input = Object.fromEntries(outputs);
  const schema = checkTargetSchema(node.data.finalSchema, [
    'nodes',
    node.id,
    'data',
    'finalSchema',
  ]) as JsonSchema;
  // no mapping of its own: the thread maps with the engine's suggestion (suggestFinalMapping's)
  const reply = await evaluateUserCode(limits, {
    spec: node.data.mapping ?? null,
    schema,
    records: [input],
    listErrors: true,
  });
  const errors = reply.errors?.[0] ?? [];
  return { output: reply.records[0], valid: errors.length === 0, errors };
}
