import { SAMPLE_SOURCE_APP, type TSourceApp, type TWorkflowPlan } from '@mapwright/contracts';
import type { AppContext, Principal } from '../../context.ts';
import { FieldError } from '../../lib/errors.ts';
import type { Llm } from '../../lib/llm.ts';
import { meteredLlm } from '../usage/usage.service.ts';
import { listSourceApps } from './apps.service.ts';
import { planFromCatalogue } from './planner-builtin.ts';
import { LLM_PLAN_TIMEOUT_MS, planWithLlm } from './planner-llm.ts';

/*
 * Create-from-prompt (issue 7): "describe the output you want" → a proposed workflow graph and
 * final schema. The configured LLM is asked first; its plan is used only when it passes the
 * contract, the catalogue and the graph rules. Otherwise, and always without an LLM, the
 * built-in planner answers (planner-builtin.ts): deterministic, and every decision explained.
 */

export interface PlanOptions {
  llm: Llm | null;
  llmTimeoutMs?: number;
}

export async function planWorkflow(
  prompt: string,
  app: TSourceApp,
  opts: PlanOptions,
): Promise<TWorkflowPlan> {
  const warnings: string[] = [];
  if (opts.llm) {
    const asked = await planWithLlm(opts.llm, prompt, app, opts.llmTimeoutMs ?? LLM_PLAN_TIMEOUT_MS);
    if ('plan' in asked) return { ...asked.plan, via: 'llm' };
    warnings.push(
      `The LLM's plan could not be used (${asked.why}): this is the built-in planner's proposal.`,
    );
  }
  const plan = planFromCatalogue(prompt, app);
  return { ...plan, via: 'planner', warnings: [...warnings, ...plan.warnings] };
}

/** POST /workflows/plan: the source app must be known and have an endpoint catalogue. */
export async function planForRequest(
  ctx: AppContext,
  p: Principal,
  body: { prompt: string; sourceApp: string },
): Promise<TWorkflowPlan> {
  const apps = (await listSourceApps(ctx, p)).items;
  const app = apps.find((a) => a.id === body.sourceApp);
  if (!app)
    throw new FieldError(
      ['body', 'sourceApp'],
      `unknown source app '${body.sourceApp}': use ${SAMPLE_SOURCE_APP} or connect the app under authenticated apps`,
    );
  if (!app.endpoints.some((e) => e.method === 'GET'))
    throw new FieldError(
      ['body', 'sourceApp'],
      `${app.name} has no endpoint catalogue to plan from: add its endpoints by hand in the builder`,
    );
  return planWorkflow(body.prompt, app, { llm: meteredLlm(ctx, { orgId: p.orgId, userId: p.userId }) });
}
