import {
  ZCodeGenerationRequest,
  ZCodeGenerationResult,
  ZCodeRunRequest,
  ZCodeRunResult,
  ZCodeSaveRequest,
  ZCodeSaveResult,
  ZValidationError,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { generateCode, runCode, saveCode } from './code-generation.service.ts';

/**
 * POST /code-generation-openai: a transformation from words and samples. A browser's GET of the
 * same path (Accept: text/html) gets the page instead (plugins/static.ts).
 */
export async function codeGenerationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const limit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  r.post(
    '/code-generation-openai',
    {
      schema: {
        tags: ['code generation'],
        summary: 'Generate a transformation (one JSONata expression) from a description and sample input',
        description:
          'With an OpenAI-compatible model configured (OPENAI_*) the model writes it and it is used only if it runs on every sample; otherwise the built-in generator (the matcher plus the workshop prompt generator) writes it. The code is run on the samples in the sandbox and returned with its output and validation result. Nothing is saved.',
        body: ZCodeGenerationRequest,
        response: { 200: ZCodeGenerationResult, 422: ZValidationError },
      },
      config: limit,
    },
    (req) => generateCode(ctx, principalOf(req), req.body),
  );
  r.post(
    '/code-generation-openai/run',
    {
      schema: {
        tags: ['code generation'],
        summary: 'Run (edited) code on the samples in the sandbox: output, validation, or why it was stopped',
        body: ZCodeRunRequest,
        response: { 200: ZCodeRunResult, 422: ZValidationError },
      },
      config: limit,
    },
    (req) => runCode(ctx, req.body),
  );
  r.post(
    '/code-generation-openai/save',
    {
      schema: {
        tags: ['code generation'],
        summary: 'Save code that runs on its samples as a new pipeline with that code as its deployed mapper',
        body: ZCodeSaveRequest,
        response: { 200: ZCodeSaveResult, 422: ZValidationError },
      },
      config: limit,
    },
    (req) => saveCode(ctx, principalOf(req), req.body),
  );
}
