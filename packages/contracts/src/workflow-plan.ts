import { z } from 'zod';
import { ZJsonSchema } from './target-schemas.ts';
import { SAMPLE_SOURCE_APP, ZWorkflowEdge, ZWorkflowNode } from './workflows.ts';

/*
 * Create-from-prompt (issue 7): describe the output you want, get a proposed workflow graph and
 * its final schema. The built-in planner works over the source app's endpoint catalogue; an LLM
 * is asked first when one is configured, and its answer is used only if it passes these schemas
 * and the graph rules.
 */

export const PLAN_PROMPT_MAX = 2000;

export const ZPlanWorkflowRequest = z.object({
  prompt: z
    .string()
    .trim()
    .min(1, 'describe the output you want')
    .max(PLAN_PROMPT_MAX, `must be at most ${PLAN_PROMPT_MAX} characters`),
  sourceApp: z.string().max(64).default(SAMPLE_SOURCE_APP),
});
export type TPlanWorkflowRequest = z.input<typeof ZPlanWorkflowRequest>;

export const PLAN_SOURCES = ['planner', 'llm'] as const;

/** What an LLM must answer (JSON): the plan without `via` and `warnings`. */
export const ZWorkflowPlanDraft = z.object({
  name: z.string().trim().min(1).max(200),
  nodes: z.array(ZWorkflowNode).min(2).max(20),
  edges: z.array(ZWorkflowEdge).max(100),
  finalSchema: ZJsonSchema,
  finalSampleData: z.unknown().optional(),
  explanation: z.array(z.string().max(1000)).max(40).default([]),
});

export const ZWorkflowPlan = z.object({
  name: z.string(),
  nodes: z.array(ZWorkflowNode),
  edges: z.array(ZWorkflowEdge),
  finalSchema: ZJsonSchema,
  finalSampleData: z.unknown(),
  explanation: z
    .array(z.string())
    .describe('one line per decision: endpoints and why, parameters filled, fan-out links'),
  via: z.enum(PLAN_SOURCES).describe('planner: the built-in planner; llm: the configured model'),
  warnings: z.array(z.string()),
});
export type TWorkflowPlan = z.infer<typeof ZWorkflowPlan>;
