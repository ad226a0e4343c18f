/**
 * The built-in code generator (no model needed): the engine's matcher proposes a mapping from the
 * samples onto the target schema (or onto the samples' own shape when none is given), each
 * sentence of the description is read as a prompt edit for the field it names (the workshop's
 * built-in prompt generator, engine/prompt), and the result is written as one JSONata expression.
 */
import {
  interpretInstruction,
  type JsonSchema,
  listTargetFields,
  type MappingSpec,
  profileRecords,
  schemaFromProfile,
  suggestMapping,
  toJsonata,
} from '@mapwright/engine';

/** "fullName" / "full_name" / "Full name" -> "full name": how a field is written in a sentence. */
const words = (s: string) =>
  s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Sentences, or lines: each is one instruction. */
const instructionsOf = (description: string) =>
  description
    .split(/\n|;|(?<=[.!?])\s+/)
    .map((s) => s.trim().replace(/[.!?]$/, ''))
    .filter((s) => s.length > 0);

export interface BuiltInCode {
  code: string;
  spec: MappingSpec;
  targetSchema: JsonSchema;
  notes: string[];
}

export function builtInCode(
  description: string,
  samples: Record<string, unknown>[],
  given: JsonSchema | null,
): BuiltInCode {
  const profile = profileRecords(samples);
  const schema: JsonSchema = structuredClone(given ?? schemaFromProfile(profile.fields));
  const notes: string[] = [];
  const named: { target: string; instruction: string }[] = [];
  for (const sentence of instructionsOf(description)) {
    // "full_name: first and last name" names its target; otherwise the longest field name in it
    const colon = /^([\w .-]{1,80}):\s*(.+)$/.exec(sentence);
    const said = ` ${words(colon ? colon[1]! : sentence)} `;
    const target = listTargetFields(schema)
      .filter((f) => said.includes(` ${words(f.name)} `) || said.includes(` ${words(f.path)} `))
      .sort((a, b) => b.name.length - a.name.length)[0];
    if (target) named.push({ target: target.path, instruction: colon ? colon[2]! : sentence });
    else if (colon && !given) {
      // no schema given: "new_field: how" adds the field to the output
      const name = colon[1]!.trim().replace(/\s+/g, '_');
      (schema.properties as Record<string, JsonSchema>)[name] = {};
      named.push({ target: name, instruction: colon[2]! });
    } else notes.push(`Not understood: "${sentence}" names no field of the target schema.`);
  }
  const suggested = suggestMapping({ profile, targetSchema: schema }).spec;
  const byTarget = new Map(suggested.fields.map((f) => [f.target, f]));
  for (const { target, instruction } of named) {
    const out = interpretInstruction(target, instruction, profile.fields, byTarget.get(target));
    if (out.mapping) byTarget.set(target, out.mapping);
    notes.push(`${target}: ${out.message}`);
  }
  const spec: MappingSpec = { ...suggested, fields: [...byTarget.values()] };
  return { code: toJsonata(spec), spec, targetSchema: schema, notes };
}
