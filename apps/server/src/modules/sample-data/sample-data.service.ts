import { Readable } from 'node:stream';
import type { JsonSchema } from '@mapwright/engine';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { roles, sampleData, users } from '../../db/schema.ts';
import { createFile } from '../files/files.service.ts';
import { runStep } from '../financial-demo/financial-demo.service.ts';
import { createImport, getImport } from '../imports/imports.service.ts';
import { createJob, findJob, proposeSpec, runJob } from '../pipelines/jobs.service.ts';
import { createPipeline, deployVersion } from '../pipelines/pipelines.service.ts';
import { createProject } from '../projects/projects.service.ts';
import { SAMPLE_CLEAN_RECORDS, SAMPLE_CSV, SAMPLE_CSV_NAME, SAMPLE_SCHEMA } from './sample-files.ts';

/*
 * "A first start with something to see": the demo organization's sample project, made by the
 * product's own services (not inserted rows) in a queued task. Each piece's id is kept as it is
 * made (`sample_data`), so a task that runs again after a crash resumes where it stopped.
 */

export const SAMPLE_DATA_TASK = 'sample-data.seed';
export const SAMPLE_PROJECT_NAME = 'Sample project: customer onboarding';

type Row = typeof sampleData.$inferSelect;

async function stateOf(ctx: AppContext, orgId: string): Promise<Row | undefined> {
  const [row] = await ctx.db.select().from(sampleData).where(eq(sampleData.organizationId, orgId));
  return row;
}

async function keep(ctx: AppContext, orgId: string, values: Partial<Omit<Row, 'organizationId'>>) {
  await ctx.db
    .insert(sampleData)
    .values({ organizationId: orgId, ...values, updatedAt: new Date() })
    .onConflictDoUpdate({ target: sampleData.organizationId, set: { ...values, updatedAt: new Date() } });
}

/** Queued once at start for the demo organization, unless its sample project was already made. */
export async function enqueueSampleData(ctx: AppContext, orgId: string) {
  if ((await stateOf(ctx, orgId))?.doneAt) return null;
  return ctx.queue.enqueue(SAMPLE_DATA_TASK, { orgId }, { orgId, singletonKey: `sample-data:${orgId}` });
}

/** The organization's first owner acts for the seed (audit entries name a real member). */
async function ownerOf(ctx: AppContext, orgId: string): Promise<Principal | null> {
  const [row] = await ctx.db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.organizationId, orgId), eq(roles.name, 'owner')))
    .orderBy(asc(users.createdAt))
    .limit(1);
  return row ? { userId: row.id, orgId, roleId: row.roleId, role: 'owner', via: 'jwt' } : null;
}

/** Thrown while the import is still being parsed: the task is tried again later. */
export class NotYetError extends Error {}

/** Makes whatever is missing of the sample project; true once all of it exists. */
export async function makeSampleData(ctx: AppContext, orgId: string, signal?: AbortSignal) {
  let s = (await stateOf(ctx, orgId)) ?? ({} as Partial<Row>);
  if (s.doneAt) return true;
  const p = await ownerOf(ctx, orgId);
  if (!p) return true; // nobody to act for: nothing to show anyone either
  const step = async (values: Partial<Omit<Row, 'organizationId'>>) => {
    await keep(ctx, orgId, values);
    s = { ...s, ...values };
  };

  if (!s.projectId) {
    const project = await createProject(ctx, p, {
      name: SAMPLE_PROJECT_NAME,
      description:
        'Made on first start to show the product at work: a messy customer export, its target schema, a pipeline with a deployed mapper, a run that needs review and one that passed.',
    });
    await step({ projectId: project.id });
  }
  if (!s.fileId) {
    const file = await createFile(ctx, p, {
      projectId: s.projectId!,
      upload: {
        filename: SAMPLE_CSV_NAME,
        mimetype: 'text/csv',
        stream: Readable.from([Buffer.from(SAMPLE_CSV)]),
      },
    });
    await step({ fileId: file.id });
  }
  if (!s.importId) {
    const imp = await createImport(ctx, p, { file_id: s.fileId!, options: {} });
    await step({ importId: imp.id });
  }
  // the import is parsed by its own queued task: wait for it a while, else try again later
  for (let i = 0; ; i++) {
    const imp = await getImport(ctx, p, s.importId!);
    if (imp.status === 'succeeded') break;
    if (imp.status === 'failed' || imp.status === 'cancelled')
      throw new Error(`the sample import ${imp.status}`);
    if (i >= 300 || signal?.aborted) throw new NotYetError('the sample import has not finished yet');
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!s.pipelineId) {
    const pipeline = await createPipeline(ctx, p, {
      name: 'Customers to CRM',
      description: 'Customer exports mapped onto the CRM customer schema.',
      target_schema: SAMPLE_SCHEMA,
      project_id: s.projectId!,
    });
    await step({ pipelineId: pipeline.id });
  }
  if (!s.reviewJobId) {
    const job = await createJob(ctx, p, s.pipelineId!, { import_id: s.importId! });
    // the engine's proposal, deployed as the pipeline's mapper, then run over the messy file
    const proposed = await proposeSpec(ctx, await findJob(ctx, orgId, job.id), SAMPLE_SCHEMA as JsonSchema);
    // deployed as if a person had approved the proposal in the workshop (its confidences kept):
    // later deliveries then pass unless their records fail, as after a real review
    const spec = { ...proposed, fields: proposed.fields.map((f) => ({ ...f, status: 'approved' as const })) };
    await deployVersion(ctx, p, s.pipelineId!, spec, SAMPLE_SCHEMA, 'sample project: the engine’s proposal');
    await runJob(ctx, p, job.id, true);
    await step({ reviewJobId: job.id });
  }
  if (!s.cleanJobId) {
    const job = await createJob(ctx, p, s.pipelineId!, { data: SAMPLE_CLEAN_RECORDS });
    await runJob(ctx, p, job.id, true);
    await step({ cleanJobId: job.id });
  }
  // the sample finance API, connected (step 1 of the financial-analysis demo)
  await runStep(ctx, p, 1);
  await step({ doneAt: new Date() });
  return true;
}
