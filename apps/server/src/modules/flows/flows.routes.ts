import {
  ZCreateFlowRequest,
  ZFlow,
  ZFlowCheck,
  ZFlowDefinition,
  ZFlowListQuery,
  ZFlowPage,
  ZFlowRun,
  ZFlowRunPage,
  ZFlowStepId,
  ZFlowStepKindList,
  ZFlowStepSample,
  ZFlowStepSampleQuery,
  ZFlowVersionList,
  ZPatchFlowRequest,
  ZRerunFlowRequest,
  ZStartFlowRunRequest,
  ZUpdateFlowRequest,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import * as flows from './flows.service.ts';
import * as runs from './runs.service.ts';

const ZId = z.object({ id: z.uuid() });
const ZRunParams = z.object({ id: z.uuid(), runId: z.uuid() });
const ZStepParams = ZRunParams.extend({ stepId: ZFlowStepId });

export async function flowsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['flows'];
  app.addHook('onRequest', app.authenticate);

  r.get(
    '/flows',
    {
      schema: {
        tags,
        summary: 'Flows, newest first',
        querystring: ZFlowListQuery,
        response: { 200: ZFlowPage },
      },
    },
    (req) => flows.listFlows(app.ctx, principalOf(req), req.query),
  );
  r.get(
    '/flows/step-kinds',
    { schema: { tags, summary: 'The step kinds a flow can use', response: { 200: ZFlowStepKindList } } },
    () => flows.stepKinds(),
  );
  r.post(
    '/flows/check',
    {
      schema: {
        tags,
        summary: 'Check a definition without saving it: the columns on each edge, or a 422 naming the step',
        body: ZFlowDefinition,
        response: { 200: ZFlowCheck },
      },
    },
    (req) => flows.checkDefinition(app.ctx, principalOf(req), req.body),
  );
  r.post(
    '/flows',
    {
      schema: {
        tags,
        summary: 'Create a flow (version 1)',
        body: ZCreateFlowRequest,
        response: { 201: ZFlow },
      },
    },
    async (req, reply) => reply.code(201).send(await flows.createFlow(app.ctx, principalOf(req), req.body)),
  );
  r.get('/flows/:id', { schema: { tags, summary: 'A flow', params: ZId, response: { 200: ZFlow } } }, (req) =>
    flows.getFlow(app.ctx, principalOf(req), req.params.id),
  );
  r.put(
    '/flows/:id',
    {
      schema: {
        tags,
        summary: 'Save a flow: a new version',
        params: ZId,
        body: ZUpdateFlowRequest,
        response: { 200: ZFlow },
      },
    },
    (req) => flows.updateFlow(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.patch(
    '/flows/:id',
    {
      schema: {
        tags,
        summary: 'Switch a flow on or off, or change its schedule (no new version)',
        params: ZId,
        body: ZPatchFlowRequest,
        response: { 200: ZFlow },
      },
    },
    (req) => flows.patchFlow(app.ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/flows/:id',
    { schema: { tags, summary: 'Delete a flow and its runs', params: ZId } },
    async (req, reply) => {
      await flows.deleteFlow(app.ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/flows/:id/versions',
    {
      schema: {
        tags,
        summary: 'Every saved version, newest first',
        params: ZId,
        response: { 200: ZFlowVersionList },
      },
    },
    (req) => flows.listVersions(app.ctx, principalOf(req), req.params.id),
  );

  // ---------- runs ----------
  r.post(
    '/flows/:id/runs',
    {
      schema: {
        tags,
        summary: 'Run the flow (preview: stop before destinations commit)',
        params: ZId,
        body: ZStartFlowRunRequest.optional(),
        response: { 201: ZFlowRun },
      },
    },
    async (req, reply) =>
      reply.code(201).send(
        await runs.startRun(app.ctx, principalOf(req), req.params.id, {
          preview: req.body?.preview ?? false,
        }),
      ),
  );
  r.get(
    '/flows/:id/runs',
    {
      schema: {
        tags,
        summary: 'Runs, newest first',
        params: ZId,
        querystring: ZFlowListQuery,
        response: { 200: ZFlowRunPage },
      },
    },
    (req) => runs.listRuns(app.ctx, principalOf(req), req.params.id, req.query),
  );
  r.get(
    '/flows/:id/runs/:runId',
    { schema: { tags, summary: 'A run with its steps', params: ZRunParams, response: { 200: ZFlowRun } } },
    (req) => runs.getRun(app.ctx, principalOf(req), req.params.id, req.params.runId),
  );
  r.post(
    '/flows/:id/runs/:runId/retry',
    {
      schema: {
        tags,
        summary: 'A new run: the failed steps and those below them again, the rest reused',
        params: ZRunParams,
        response: { 201: ZFlowRun },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await runs.retryRun(app.ctx, principalOf(req), req.params.id, req.params.runId)),
  );
  r.post(
    '/flows/:id/runs/:runId/rerun',
    {
      schema: {
        tags,
        summary: 'A new run from a step: it and everything downstream again, upstream outputs reused',
        params: ZRunParams,
        body: ZRerunFlowRequest,
        response: { 201: ZFlowRun },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await runs.rerunFrom(
            app.ctx,
            principalOf(req),
            req.params.id,
            req.params.runId,
            req.body.from_step,
          ),
        ),
  );
  r.post(
    '/flows/:id/runs/:runId/steps/:stepId/run',
    {
      schema: {
        tags,
        summary: 'A new run of one step on the inputs it had in that run',
        params: ZStepParams,
        response: { 201: ZFlowRun },
      },
    },
    async (req, reply) =>
      reply
        .code(201)
        .send(
          await runs.runOneStep(
            app.ctx,
            principalOf(req),
            req.params.id,
            req.params.runId,
            req.params.stepId,
          ),
        ),
  );
  r.post(
    '/flows/:id/runs/:runId/approve',
    {
      schema: {
        tags,
        summary: 'Commit the write preview the run stopped at',
        params: ZRunParams,
        response: { 200: ZFlowRun },
      },
    },
    (req) => runs.approveRun(app.ctx, principalOf(req), req.params.id, req.params.runId),
  );
  r.post(
    '/flows/:id/runs/:runId/cancel',
    { schema: { tags, summary: 'Cancel a run', params: ZRunParams, response: { 200: ZFlowRun } } },
    (req) => runs.cancelRun(app.ctx, principalOf(req), req.params.id, req.params.runId),
  );
  r.get(
    '/flows/:id/runs/:runId/steps/:stepId/sample',
    {
      schema: {
        tags,
        summary: 'The first 50 rows a step put on a port',
        params: ZStepParams,
        querystring: ZFlowStepSampleQuery,
        response: { 200: ZFlowStepSample },
      },
    },
    (req) =>
      runs.stepSample(
        app.ctx,
        principalOf(req),
        req.params.id,
        req.params.runId,
        req.params.stepId,
        req.query.port,
      ),
  );
}
