import { ZPlanWorkflowRequest, ZValidationError, ZWorkflowPlan } from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { planForRequest } from './planner.ts';

/** Create-from-prompt: a proposed workflow for a description of the output (nothing is saved). */
export async function workflowPlanRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;

  r.post(
    '/workflows/plan',
    {
      schema: {
        tags: ['workflows'],
        summary: 'Propose a workflow graph and final schema for a description of the output you want',
        description:
          'The built-in planner scores the source app catalogue by the prompt words, chains the endpoints that provide required ids (fan-out), fills parameters the prompt mentions and builds the final schema; with an LLM configured the model plans first and its answer is used only when it passes the graph rules. Nothing is saved: POST /workflows with the nodes and edges to create it. 422 when nothing in the prompt matches the catalogue.',
        body: ZPlanWorkflowRequest,
        response: { 200: ZWorkflowPlan, 422: ZValidationError },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    (req) => planForRequest(ctx, principalOf(req), req.body),
  );
}
