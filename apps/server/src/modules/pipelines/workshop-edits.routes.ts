import { ZPromptRunRequest, ZResult } from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as svc from './workshops.service.ts';

const ZId = z.object({ id: z.uuid() });
const ZPromptReport = z.object({
  target: z.string(),
  understood: z.boolean(),
  via: z.enum(['llm', 'built-in']),
  message: z.string(),
});

/** Mapper, sample and prompt edits of a workshop's draft, each followed by a run. */
export async function workshopEditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const W = { tags: ['workshops'] };
  r.post(
    '/workshops/:id/prompt/run',
    {
      schema: {
        ...W,
        summary:
          'Ask for fields in words (the LLM when configured, else the built-in generator), then re-run; `prompt` says what was understood',
        params: ZId,
        body: ZPromptRunRequest,
        response: { 200: ZResult.extend({ prompt: z.array(ZPromptReport) }) },
      },
    },
    (req) => svc.promptRun(ctx, principalOf(req), req.params.id, req.body),
  );
}
