import {
  bucketOf,
  type FieldMapping,
  type FieldProfile,
  interpretInstruction,
  type JsonSchema,
  listTargetFields,
  type MappingSpec,
  SPEC_VERSION,
} from '@mapwright/engine';
import type { Config } from '../../config.ts';
import type { Llm } from '../../lib/llm.ts';
import { evaluateUserCode } from '../../lib/user-code.ts';

/** A model's expression is user code: it is tried on user-code threads, under these limits. */
type Limits = Pick<Config, 'USER_CODE_TIMEOUT_MS' | 'USER_CODE_MEMORY_MB'>;

export interface PromptReport {
  target: string;
  understood: boolean;
  via: 'llm' | 'built-in';
  message: string;
}

const SYSTEM =
  'You write one JSONata expression that computes a single target field from a source record. ' +
  'Answer with the expression only: no explanation, no code fences.';

const typeOk = (v: unknown, types: string[]) =>
  v === undefined ||
  types.length === 0 ||
  (v === null && types.includes('null')) ||
  (typeof v === 'string' && types.includes('string')) ||
  (typeof v === 'boolean' && types.includes('boolean')) ||
  (typeof v === 'number' &&
    (types.includes('number') || (types.includes('integer') && Number.isInteger(v)))) ||
  (Array.isArray(v) && types.includes('array')) ||
  (typeof v === 'object' && v !== null && !Array.isArray(v) && types.includes('object'));

/**
 * Asks the model for an expression, then runs it on the sample records: it is accepted only if
 * it compiles, runs, and yields values of the target field's type. Otherwise null, with why.
 */
async function askLlm(
  llm: Llm,
  limits: Limits,
  target: string,
  instruction: string,
  context: string | undefined,
  types: string[],
  fields: FieldProfile[],
  sample: unknown[],
) {
  const user = [
    `Target field: ${target} (JSON type ${types.join(' or ') || 'any'})`,
    `Instruction: ${instruction}`,
    context ? `Context: ${context}` : '',
    `Source fields: ${fields.map((f) => `${f.path} (${f.type}${f.format ? `, ${f.format}` : ''}; e.g. ${JSON.stringify(f.examples[0])})`).join('; ')}`,
    `Sample record: ${JSON.stringify(sample[0]).slice(0, 2000)}`,
  ]
    .filter(Boolean)
    .join('\n');
  const expression = (await llm.complete(SYSTEM, user)).replace(/^```\w*\s*|```$/g, '').trim();
  const mapping: FieldMapping = {
    target,
    sources: [],
    transform: { kind: 'jsonata', expression },
    confidence: 0.7,
    bucket: bucketOf(0.7),
    reason: `Written by the LLM for "${instruction}", checked on ${sample.length} sample records.`,
    status: 'edited',
  };
  try {
    const spec = { version: SPEC_VERSION, fields: [mapping] };
    const out = (await evaluateUserCode(limits, { spec, schema: null, records: sample })).records;
    const leaf = target.split('.');
    const values = out.map((r) =>
      leaf.reduce<unknown>(
        (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
        r,
      ),
    );
    const bad = values.find((v) => !typeOk(v, types));
    if (bad !== undefined)
      return {
        mapping: null,
        why: `its expression gave ${JSON.stringify(bad)}, not a ${types.join(' or ')}`,
      };
    return { mapping, why: `expression ${expression}` };
  } catch (err) {
    return {
      mapping: null,
      why: `its expression ${JSON.stringify(expression)} did not run: ${(err as Error).message}`,
    };
  }
}

/** Applies each field's instruction to the draft: the LLM when configured and checked, else the built-in generator. */
export async function applyPrompts(input: {
  spec: MappingSpec;
  targetSchema: JsonSchema;
  fields: FieldProfile[];
  sample: unknown[];
  prompts: Record<string, string>;
  globalContext?: string;
  llm: Llm | null;
  limits: Limits;
}): Promise<{ spec: MappingSpec; reports: PromptReport[] }> {
  const targets = new Map(listTargetFields(input.targetSchema).map((f) => [f.path, f]));
  const byTarget = new Map(input.spec.fields.map((f) => [f.target, f]));
  const reports: PromptReport[] = [];
  for (const [target, instruction] of Object.entries(input.prompts)) {
    const field = targets.get(target);
    if (!field) {
      reports.push({
        target,
        understood: false,
        via: 'built-in',
        message: `"${target}" is not a field of the target schema`,
      });
      continue;
    }
    let llmNote = '';
    if (input.llm) {
      try {
        const asked = await askLlm(
          input.llm,
          input.limits,
          target,
          instruction,
          input.globalContext,
          field.types,
          input.fields,
          input.sample.slice(0, 20),
        );
        if (asked.mapping) {
          byTarget.set(target, asked.mapping);
          reports.push({ target, understood: true, via: 'llm', message: asked.why });
          continue;
        }
        llmNote = ` (the LLM's answer was rejected: ${asked.why})`;
      } catch (err) {
        llmNote = ` (the LLM could not be reached: ${(err as Error).message})`;
      }
    }
    const out = interpretInstruction(target, instruction, input.fields, byTarget.get(target));
    if (out.mapping) byTarget.set(target, out.mapping);
    reports.push({ target, understood: out.understood, via: 'built-in', message: out.message + llmNote });
  }
  return { spec: { ...input.spec, fields: [...byTarget.values()] }, reports };
}

/**
 * Second opinion on a first proposal: every field the matcher is unsure of is asked of the LLM.
 * An answer replaces the suggestion only when it runs on the sample and yields values of the
 * field's type; otherwise (or when the model is unreachable) the matcher's suggestion stays.
 */
export async function improveLowConfidence(input: {
  spec: MappingSpec;
  targetSchema: JsonSchema;
  fields: FieldProfile[];
  sample: unknown[];
  llm: Llm;
  threshold: number;
  limits: Limits;
}): Promise<MappingSpec> {
  const targets = new Map(listTargetFields(input.targetSchema).map((f) => [f.path, f]));
  const fields: FieldMapping[] = [];
  for (const f of input.spec.fields) {
    const target = targets.get(f.target);
    if (!target || f.confidence >= input.threshold || target.inArray) {
      fields.push(f);
      continue;
    }
    const instruction = `Compute "${f.target}"${target.description ? ` (${target.description})` : ''} from the source record.`;
    const asked = await askLlm(
      input.llm,
      input.limits,
      f.target,
      instruction,
      undefined,
      target.types,
      input.fields,
      input.sample.slice(0, 20),
    ).catch(() => ({ mapping: null }));
    if (!asked.mapping) {
      fields.push(f);
      continue;
    }
    const confidence = Math.max(f.confidence, 0.6);
    fields.push({
      ...asked.mapping,
      confidence,
      bucket: bucketOf(confidence),
      status: 'suggested',
      reason: `Suggested by the LLM because the matcher was unsure (${Math.round(f.confidence * 100)}%); checked on the sample records.`,
    });
  }
  return { ...input.spec, fields };
}
