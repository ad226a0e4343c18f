import { z } from 'zod';
import { ZJsonSchema } from './target-schemas.ts';

/*
 * Code generation (/code-generation-openai, POST /api/code-generation-openai): a description in
 * words and sample input become a transformation — one JSONata expression over a source record,
 * the language of the product's mappers — which is run on the samples in the sandbox and shown
 * with its output and validation result before it is saved as a pipeline's mapper.
 */

export const CODEGEN_DESCRIPTION_MAX = 4000;
export const CODEGEN_CODE_MAX = 20_000;
export const CODEGEN_SAMPLES_MAX = 50;

const ZSample = z.record(z.string(), z.unknown());

export const ZCodeGenerationRequest = z.object({
  description: z
    .string()
    .trim()
    .min(1, 'describe the transformation in words')
    .max(CODEGEN_DESCRIPTION_MAX, `must be at most ${CODEGEN_DESCRIPTION_MAX} characters`),
  samples: z
    .array(ZSample)
    .min(1, 'give at least one sample input record')
    .max(CODEGEN_SAMPLES_MAX, `at most ${CODEGEN_SAMPLES_MAX} sample records`),
  target_schema: ZJsonSchema.nullable().optional(),
});
export type TCodeGenerationRequest = z.input<typeof ZCodeGenerationRequest>;

/** Runs given (possibly edited) code on the samples, without generating anything. */
export const ZCodeRunRequest = z.object({
  code: z.string().trim().min(1, 'the code is empty').max(CODEGEN_CODE_MAX),
  samples: ZCodeGenerationRequest.shape.samples,
  target_schema: ZJsonSchema.nullable().optional(),
});
export type TCodeRunRequest = z.input<typeof ZCodeRunRequest>;

export const ZCodeRunResult = z.object({
  ok: z.boolean().describe('false when the code did not run (the error says why)'),
  error: z.string().nullable(),
  outputs: z.array(z.unknown()).describe('one output per sample, in order'),
  valid: z.array(z.boolean()).nullable().describe('per output, when a target schema was given'),
  errors: z.array(z.array(z.object({ path: z.string(), message: z.string() }))).nullable(),
});
export type TCodeRunResult = z.infer<typeof ZCodeRunResult>;

export const CODE_GENERATORS = ['llm', 'built-in'] as const;

export const ZCodeGenerationResult = z.object({
  code: z.string(),
  language: z.literal('jsonata'),
  generator: z.enum(CODE_GENERATORS).describe('llm: the configured model wrote it; built-in: the engine'),
  generator_label: z.string().describe('the generator in words, shown on the page'),
  notes: z.array(z.string()).describe('what the generator understood, and what it could not'),
  target_schema: ZJsonSchema.describe('the schema the output is validated against (given or inferred)'),
  run: ZCodeRunResult,
});
export type TCodeGenerationResult = z.infer<typeof ZCodeGenerationResult>;

export const ZCodeSaveRequest = z.object({
  name: z.string().trim().min(1, 'name the pipeline').max(200),
  code: ZCodeRunRequest.shape.code,
  samples: ZCodeGenerationRequest.shape.samples,
  target_schema: ZJsonSchema,
  project_id: z.uuid().optional(),
});
export type TCodeSaveRequest = z.input<typeof ZCodeSaveRequest>;

export const ZCodeSaveResult = z.object({
  pipeline_id: z.uuid(),
  mapper_version: z.number().int(),
});
export type TCodeSaveResult = z.infer<typeof ZCodeSaveResult>;
