import type {
  TCodeGenerationResult,
  TCodeRunResult,
  TCodeSaveResult,
  ZCodeGenerationRequest,
  ZCodeRunRequest,
  ZCodeSaveRequest,
} from '@mapwright/contracts';
import { type JsonSchema, type MappingSpec, SPEC_VERSION } from '@mapwright/engine';
import type { z } from 'zod';
import type { AppContext, Principal } from '../../context.ts';
import { FieldError } from '../../lib/errors.ts';
import { evaluateUserCode } from '../../lib/user-code.ts';
import { assertCanWrite } from '../../plugins/auth.ts';
import { createPipeline, deployVersion } from '../pipelines/pipelines.service.ts';
import { builtInCode } from './builtin.ts';

type GenerateBody = z.output<typeof ZCodeGenerationRequest>;
type RunBody = z.output<typeof ZCodeRunRequest>;
type SaveBody = z.output<typeof ZCodeSaveRequest>;

const SANDBOX =
  'a transformation runs in a sandbox without file system, network or process access, so only JSONata functions exist';

/** The sandbox's errors in words a person can act on. */
function explain(message: string): string {
  const missing = /Attempted to invoke a non-function\s*:?\s*\$?(\w+)?/.exec(message);
  if (missing)
    return `The code calls ${missing[1] ? `$${missing[1]}` : 'something'}, which does not exist: ${SANDBOX}.`;
  if (/took longer than|ran out of memory/.test(message))
    return `${message.replace(/^The mapping/, 'The code')}: it must finish within the time and memory limits of the sandbox (USER_CODE_TIMEOUT_MS, USER_CODE_MEMORY_MB).`;
  return `The code did not run: ${message}`;
}

/** Runs one JSONata expression on the samples, on the user-code threads, and validates the outputs. */
export async function runCode(ctx: AppContext, body: RunBody): Promise<TCodeRunResult> {
  try {
    const out = await evaluateUserCode(ctx.config, {
      spec: null,
      expression: body.code,
      schema: body.target_schema ?? null,
      records: body.samples,
      listErrors: true,
    });
    return { ok: true, error: null, outputs: out.records, valid: out.valid, errors: out.errors };
  } catch (err) {
    return { ok: false, error: explain((err as Error).message), outputs: [], valid: null, errors: null };
  }
}

const SYSTEM =
  'You write one JSONata expression that turns one source record into one output record (a JSON object). ' +
  'Answer with the expression only: no explanation, no code fences.';

/** The model's expression, or null with why (it must run on every sample). */
async function askModel(ctx: AppContext, body: GenerateBody) {
  const user = [
    `What the transformation does: ${body.description}`,
    body.target_schema ? `Output JSON Schema: ${JSON.stringify(body.target_schema).slice(0, 6000)}` : '',
    `Sample input records: ${JSON.stringify(body.samples.slice(0, 5)).slice(0, 6000)}`,
  ]
    .filter(Boolean)
    .join('\n');
  const code = (await ctx.llm!.complete(SYSTEM, user)).replace(/^```\w*\s*|```$/g, '').trim();
  const run = await runCode(ctx, { code, samples: body.samples, target_schema: body.target_schema });
  return run.ok ? { code, run } : { code: null, why: run.error };
}

/** A transformation from words and samples: the configured model first, else the built-in generator. */
export async function generateCode(
  ctx: AppContext,
  p: Principal,
  body: GenerateBody,
): Promise<TCodeGenerationResult> {
  void p;
  const builtIn = builtInCode(body.description, body.samples, (body.target_schema as JsonSchema) ?? null);
  const notes: string[] = [];
  if (ctx.llm) {
    try {
      const asked = await askModel(ctx, body);
      if (asked.code)
        return {
          code: asked.code,
          language: 'jsonata',
          generator: 'llm',
          generator_label: `The configured model (${ctx.config.OPENAI_MODEL}) wrote this code.`,
          notes: [],
          target_schema: builtIn.targetSchema,
          run: asked.run,
        };
      notes.push(`The model's answer was rejected: ${asked.why}`);
    } catch (err) {
      notes.push(`The model could not be reached: ${(err as Error).message}`);
    }
  }
  const run = await runCode(ctx, {
    code: builtIn.code,
    samples: body.samples,
    target_schema: builtIn.targetSchema,
  });
  return {
    code: builtIn.code,
    language: 'jsonata',
    generator: 'built-in',
    generator_label: ctx.llm
      ? 'The built-in generator wrote this code (the model did not give a usable answer).'
      : 'The built-in generator wrote this code: no model is configured (OPENAI_API_KEY / OPENAI_BASE_URL).',
    notes: [...notes, ...builtIn.notes],
    target_schema: builtIn.targetSchema,
    run,
  };
}

/**
 * Saves the code as a new pipeline whose deployed mapper computes each top-level field of the
 * target schema with it. Refused (422) unless it runs on the samples first.
 */
export async function saveCode(ctx: AppContext, p: Principal, body: SaveBody): Promise<TCodeSaveResult> {
  assertCanWrite(p);
  const run = await runCode(ctx, body);
  if (!run.ok) throw new FieldError(['body', 'code'], run.error ?? 'the code did not run');
  const keys = Object.keys((body.target_schema as JsonSchema).properties ?? {});
  if (keys.length === 0)
    throw new FieldError(['body', 'target_schema'], 'the target schema has no properties to map');
  const spec: MappingSpec = {
    version: SPEC_VERSION,
    fields: keys.map((key) => ({
      target: key,
      sources: [],
      transform: { kind: 'jsonata', expression: `$lookup((${body.code}), ${JSON.stringify(key)})` },
      confidence: 1,
      bucket: 'Very High',
      reason: 'Generated on the code generation page and checked on its samples.',
      status: 'edited',
    })),
  };
  const pipeline = await createPipeline(ctx, p, {
    name: body.name,
    description: 'Made on the code generation page.',
    target_schema: body.target_schema,
    project_id: body.project_id,
  });
  const version = await deployVersion(ctx, p, pipeline.id, spec, body.target_schema, 'code generation');
  return { pipeline_id: pipeline.id, mapper_version: version };
}
