import {
  ZApproveFieldsRequest,
  ZApproveFieldsResponse,
  ZLearnRequest,
  ZLearnResponse,
  ZMapperRunRequest,
  ZPromptRunRequest,
  ZRejectFieldsRequest,
  ZResult,
  ZSampleInference,
  ZSampleInferRequest,
  ZSampleRunRequest,
  ZWorkshopTransformation,
} from '@mapwright/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/auth.ts';
import { learnFromPipeline } from './learn.ts';
import * as edits from './workshop-edits.service.ts';
import * as svc from './workshops.service.ts';

const ZId = z.object({ id: z.uuid() });
const ZPromptReport = z.object({
  target: z.string(),
  understood: z.boolean(),
  via: z.enum(['llm', 'built-in']),
  message: z.string(),
});

/** Mapper, sample and prompt edits of a workshop's draft, each followed by a run; approvals; and learning from a pipeline. */
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
  r.post(
    '/workshops/:id/mapper/run',
    {
      schema: {
        ...W,
        summary:
          "Mapper edit: set fields' source paths (`extract`, `items[*].id` allowed) or defaults, then re-run",
        params: ZId,
        body: ZMapperRunRequest,
        response: { 200: ZResult },
      },
    },
    (req) => edits.mapperRun(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/workshops/:id/sample/infer',
    {
      schema: {
        ...W,
        summary: 'Preview a sample edit: the mapping changes the corrected record implies; changes nothing',
        params: ZId,
        body: ZSampleInferRequest,
        response: { 200: ZSampleInference },
      },
    },
    (req) => edits.sampleInfer(ctx, principalOf(req), req.params.id, req.body.sample),
  );
  r.post(
    '/workshops/:id/sample/run',
    {
      schema: {
        ...W,
        summary:
          "Sample edit: the user's corrected output for record `index`; the inferred mapping change is applied and re-run",
        params: ZId,
        body: ZSampleRunRequest,
        response: { 200: ZResult.extend({ inferred: ZSampleInference }) },
      },
    },
    (req) => edits.sampleRun(ctx, principalOf(req), req.params.id, req.body),
  );
  r.get(
    '/workshops/:id/transformation',
    {
      schema: {
        ...W,
        summary: 'The draft as the generated transformation: one JSONata expression and the spec form',
        params: ZId,
        response: { 200: ZWorkshopTransformation },
      },
    },
    (req) => edits.draftTransformation(ctx, principalOf(req), req.params.id),
  );
  r.post(
    '/workshops/:id/approve',
    {
      schema: {
        ...W,
        summary:
          'Approve draft fields (`approved: false` takes it back) without a re-run; 422 names fields the draft does not map',
        params: ZId,
        body: ZApproveFieldsRequest,
        response: { 200: ZApproveFieldsResponse },
      },
    },
    (req) => edits.approveFields(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/workshops/:id/reject',
    {
      schema: {
        ...W,
        summary:
          'Reject suggested fields: each gets no source (left out where the target takes no null), then re-run; 422 names fields the draft does not map',
        params: ZId,
        body: ZRejectFieldsRequest,
        response: { 200: ZResult },
      },
    },
    (req) => edits.rejectFields(ctx, principalOf(req), req.params.id, req.body),
  );
  r.post(
    '/pipelines/:id/learn',
    {
      schema: {
        tags: ['pipelines'],
        summary: "Learn from the deployed mapper's pairs and lookup tables, to improve later suggestions",
        params: ZId,
        body: ZLearnRequest.optional(),
        response: { 200: ZLearnResponse },
      },
    },
    (req) => learnFromPipeline(ctx, principalOf(req), req.params.id, req.body?.target_field_names),
  );
}
