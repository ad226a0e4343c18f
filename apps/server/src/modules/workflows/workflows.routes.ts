import {
  ZCreateWorkflowRequest,
  ZErrorDetail,
  ZRetryRunRequest,
  ZRunListQuery,
  ZRunMapping,
  ZRunMappingRequest,
  ZSubmitConflict,
  ZSubmitWorkflowsRequest,
  ZTestRunRequest,
  ZUpdateWorkflowRequest,
  ZValidationError,
  ZWorkflow,
  ZWorkflowList,
  ZWorkflowListQuery,
  ZWorkflowPage,
  ZWorkflowRun,
  ZWorkflowRunPage,
  ZWorkflowVersionList,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { workflowAppsRoutes } from './apps.routes.ts';
import { registerInProcessApp } from './in-process.ts';
import * as runs from './runs.service.ts';
import * as workflows from './workflows.service.ts';

const ZId = z.object({ id: z.uuid() });
const errors = { 404: ZErrorDetail, 422: ZValidationError };

/** Workflows (spec §3, §4), their versions, runs, test runs, cancel and retry. */
export async function workflowsRoutes(app: FastifyInstance) {
  registerInProcessApp(app.ctx, app);
  await app.register(workflowAppsRoutes);
  await app.register(workflowRunsRoutes);
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['workflows'];

  r.get(
    '/workflows',
    {
      schema: {
        tags,
        summary:
          'Workflows, newest first, with schedule in words, next tick and last run (archived=true: the archived ones)',
        querystring: ZWorkflowListQuery,
        response: { 200: ZWorkflowPage },
      },
    },
    (req) => workflows.listWorkflows(ctx, principalOf(req), req.query),
  );
  r.post(
    '/workflows',
    {
      schema: {
        tags,
        summary: 'Create a workflow (isActive false, isComplete true, every minute by default)',
        description:
          'A complete workflow has exactly one first node (isFirstNode), exactly one final node with no outgoing edges, no cycles, and every node reachable from the first. isComplete false saves a draft with only shape checks.',
        body: ZCreateWorkflowRequest,
        response: { 201: ZWorkflow, 422: ZValidationError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await workflows.createWorkflow(ctx, principalOf(req), req.body)),
  );
  r.post(
    '/workflows/submit',
    {
      schema: {
        tags,
        summary:
          'Replace the whole workflow list (spec §4); the replaced ones are archived, only when confirmed',
        description:
          'Each submitted workflow gets the sample source app, prompt "Sample prompt", a placeholder URL, an empty schema, the current time and the given groupId (or "no-id"). The current workflows are replaced by the list: each must be named in confirm_remove, and is then archived with its runs (GET /workflows?archived=true lists them, POST /workflows/{id}/restore brings one back), never deleted. If any is not named, the answer is 409 with would_remove listing them, and nothing changes.',
        body: ZSubmitWorkflowsRequest,
        response: { 200: ZWorkflowList, 409: ZSubmitConflict, 422: ZValidationError },
      },
    },
    async (req, reply) => {
      try {
        return await workflows.submitWorkflows(ctx, principalOf(req), req.body);
      } catch (err) {
        if (!(err instanceof workflows.SubmitConflict)) throw err;
        return reply.code(409).send({ detail: err.detail, would_remove: err.wouldRemove });
      }
    },
  );
  r.get(
    '/workflows/:id',
    { schema: { tags, summary: 'A workflow', params: ZId, response: { 200: ZWorkflow, 404: ZErrorDetail } } },
    (req) => workflows.getWorkflow(ctx, principalOf(req), req.params.id),
  );
  r.put(
    '/workflows/:id',
    {
      schema: {
        tags,
        summary: 'Change a workflow (fields given are replaced; each save is a new version)',
        params: ZId,
        body: ZUpdateWorkflowRequest,
        response: { 200: ZWorkflow, ...errors },
      },
    },
    (req) => workflows.updateWorkflow(ctx, principalOf(req), req.params.id, req.body),
  );
  r.delete(
    '/workflows/:id',
    {
      schema: {
        tags,
        summary:
          'Archive a workflow: out of the list and the schedule, its runs and versions kept; restorable',
        params: ZId,
      },
    },
    async (req, reply) => {
      await workflows.archiveWorkflow(ctx, principalOf(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.post(
    '/workflows/:id/restore',
    {
      schema: {
        tags,
        summary: 'Bring an archived workflow back (an active one is scheduled again from now)',
        params: ZId,
        response: { 200: ZWorkflow, 404: ZErrorDetail, 409: ZErrorDetail },
      },
    },
    (req) => workflows.restoreWorkflow(ctx, principalOf(req), req.params.id),
  );
  r.get(
    '/workflows/:id/versions',
    {
      schema: {
        tags,
        summary: 'Every saved version, newest first',
        params: ZId,
        response: { 200: ZWorkflowVersionList, 404: ZErrorDetail },
      },
    },
    (req) => workflows.listVersions(ctx, principalOf(req), req.params.id),
  );
}

async function workflowRunsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.authenticate);
  const ctx = app.ctx;
  const tags = ['workflow runs'];

  r.post(
    '/workflows/:id/run',
    {
      schema: {
        tags,
        summary: 'Run the workflow now (queued; watch it with GET /workflow-runs/{id})',
        params: ZId,
        response: { 202: ZWorkflowRun, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await runs.startRun(ctx, principalOf(req), req.params.id)),
  );
  r.post(
    '/workflows/:id/test',
    {
      schema: {
        tags,
        summary: 'Test run: the whole graph or one node (with the nodes it needs), answered when done',
        description: `Runs inside the request (at most ${runs.TEST_TIME_LIMIT_MS / 1000} s) and returns every node's data; stored with trigger "test". Give nodes/edges to test an unsaved graph. Nothing is delivered to the final node's initialUrl.`,
        params: ZId,
        body: ZTestRunRequest.optional(),
        response: { 200: ZWorkflowRun, ...errors },
      },
    },
    (req) => runs.testRun(ctx, principalOf(req), req.params.id, req.body ?? {}),
  );
  r.get(
    '/workflows/:id/runs',
    {
      schema: {
        tags,
        summary: "A workflow's runs, newest first; missed schedule ticks are runs with status missed",
        params: ZId,
        querystring: ZRunListQuery,
        response: { 200: ZWorkflowRunPage, 404: ZErrorDetail },
      },
    },
    (req) => runs.listRuns(ctx, principalOf(req), req.query, req.params.id),
  );
  r.get(
    '/workflow-runs',
    {
      schema: {
        tags,
        summary: "Every workflow's runs, newest first; filter by status (comma-separated) and workflowId",
        querystring: ZRunListQuery,
        response: { 200: ZWorkflowRunPage },
      },
    },
    (req) => runs.listRuns(ctx, principalOf(req), req.query),
  );
  r.get(
    '/workflow-runs/:id',
    {
      schema: {
        tags,
        summary: 'A run with per-node status, attempts, timings, samples and errors, and the output',
        params: ZId,
        response: { 200: ZWorkflowRun, 404: ZErrorDetail },
      },
    },
    (req) => runs.getRun(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/workflow-runs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or running run (a running one stops at its next step)',
        params: ZId,
        response: { 202: ZWorkflowRun, 404: ZErrorDetail, 409: ZErrorDetail },
      },
    },
    async (req, reply) => reply.code(202).send(await runs.cancelRun(ctx, principalOf(req), req.params.id)),
  );
  r.post(
    '/workflow-runs/:id/mapping',
    {
      schema: {
        tags,
        summary:
          "The engine's mapping of a run's gathered data onto the final schema, field by field with reasons",
        params: ZId,
        body: ZRunMappingRequest.optional(),
        response: { 200: ZRunMapping, 404: ZErrorDetail, 409: ZErrorDetail, 422: ZValidationError },
      },
    },
    (req) => runs.suggestRunMapping(ctx, principalOf(req), req.params.id, req.body ?? {}),
  );
  r.post(
    '/workflow-runs/:id/retry',
    {
      schema: {
        tags,
        summary:
          'Run again: from the failed node (reusing the outputs of nodes that succeeded) or from the start',
        params: ZId,
        body: ZRetryRunRequest.optional(),
        response: { 202: ZWorkflowRun, 404: ZErrorDetail, 409: ZErrorDetail, 422: ZValidationError },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(await runs.retryRun(ctx, principalOf(req), req.params.id, req.body?.from ?? 'failed')),
  );
}
