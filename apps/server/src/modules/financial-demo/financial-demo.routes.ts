import { ZErrorDetail, ZFinanceDemo, ZFinanceDemoStepParams } from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/auth.ts';
import { getDemo, runStep } from './financial-demo.service.ts';

/** The financial-analysis demo (/financial_analysis): its steps, what each did, and the analysis. */
export async function financialDemoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['financial analysis demo'];

  r.get(
    '/financial-analysis',
    {
      schema: {
        tags,
        summary:
          "The demo's steps (what each made: a workflow run, a pipeline, job and result) and the analysis",
        response: { 200: ZFinanceDemo },
      },
    },
    (req) => getDemo(ctx, principalOf(req)),
  );
  r.post(
    '/financial-analysis/steps/:step/run',
    {
      schema: {
        tags,
        summary:
          'Run or re-run one step (1 connect, 2 pull with a workflow run, 3 map with a pipeline job, 4 analyse)',
        description:
          'Steps 2 and 3 queue durable tasks (a workflow run, a job run) and return at once: poll GET /financial-analysis. 409 when the step before has not finished.',
        params: ZFinanceDemoStepParams,
        response: { 200: ZFinanceDemo, 409: ZErrorDetail },
      },
    },
    (req) => runStep(ctx, principalOf(req), req.params.step),
  );
}
