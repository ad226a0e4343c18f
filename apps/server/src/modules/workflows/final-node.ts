import type { TFinalNode } from '@mapwright/contracts';
import {
  compileSpec,
  createValidator,
  type JsonSchema,
  type MappingSpec,
  profileRecords,
  suggestMapping,
} from '@mapwright/engine';
import { checkTargetSchema } from '../target-schemas/schema-check.ts';
import type { NodeOutputs } from './templates.ts';

/*
 * The final node maps everything gathered, one record `{<nodeId>: [records...]}`, onto its
 * final schema with the engine (the node's own mapping, or the engine's suggestion) and
 * validates the result.
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

export async function runFinalNode(node: TFinalNode, outputs: NodeOutputs): Promise<FinalResult> {
  const input = Object.fromEntries(outputs);
  const schema = checkTargetSchema(node.data.finalSchema, [
    'nodes',
    node.id,
    'data',
    'finalSchema',
  ]) as JsonSchema;
  const spec = (node.data.mapping as MappingSpec | null) ?? suggestFinalMapping(schema, outputs);
  const mapper = compileSpec(spec);
  const output = mapper.isAsync ? await mapper.mapAsync(input) : mapper.map(input);
  const errors = createValidator(schema)
    .validateRecord(output)
    .map((e) => ({ path: e.field, message: e.error_message }));
  return { output, valid: errors.length === 0, errors };
}
