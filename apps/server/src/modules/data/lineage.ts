import type { TLineageLink } from '@mapwright/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { imports, jobs, pipelines, results } from '../../db/schema.ts';
import { syncDatasetLineage } from '../connectors/dataset/sync-dataset-lineage.ts';

export interface LineageEdge {
  datasetId: string;
  role: 'writes' | 'reads';
  link: TLineageLink;
  /** what to call the dataset after its writer (an import's name, a pipeline's result) */
  title?: string;
}

/**
 * Who reads and writes datasets, one source per kind of thing that does. A new kind of dataset
 * (joined data, a synced stream, an entity-resolution output) adds its source here and the data
 * overview shows it without other changes.
 */
export type LineageSource = (db: Db, orgId: string, datasetIds: string[]) => Promise<LineageEdge[]>;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** An import writes its rows; pipelines whose jobs take that import read them. */
const importsSource: LineageSource = async (db, orgId, ids) => {
  const written = await db
    .select({ id: imports.id, name: imports.name, datasetId: imports.datasetId, at: imports.finishedAt })
    .from(imports)
    .where(and(eq(imports.organizationId, orgId), inArray(imports.datasetId, ids)));
  const read = await db
    .selectDistinctOn([pipelines.id, imports.datasetId], {
      datasetId: imports.datasetId,
      id: pipelines.id,
      name: pipelines.name,
      at: jobs.createdAt,
    })
    .from(jobs)
    .innerJoin(imports, eq(imports.id, jobs.importId))
    .innerJoin(pipelines, eq(pipelines.id, jobs.pipelineId))
    .where(and(eq(jobs.organizationId, orgId), inArray(imports.datasetId, ids)));
  return [
    ...written.map((w) => ({
      datasetId: w.datasetId!,
      role: 'writes' as const,
      title: w.name,
      link: { type: 'import', id: w.id, name: w.name, path: `/imports/${w.id}`, at: iso(w.at) },
    })),
    ...read.map((r) => ({
      datasetId: r.datasetId!,
      role: 'reads' as const,
      link: { type: 'pipeline', id: r.id, name: r.name, path: `/pipelines/${r.id}`, at: iso(r.at) },
    })),
  ];
};

/** A job's posted records are its input: written through the API, read by the job's pipeline. */
const jobInputsSource: LineageSource = async (db, orgId, ids) => {
  const rows = await db
    .select({ datasetId: jobs.datasetId, jobId: jobs.id, at: jobs.createdAt, id: pipelines.id, name: pipelines.name })
    .from(jobs)
    .innerJoin(pipelines, eq(pipelines.id, jobs.pipelineId))
    .where(and(eq(jobs.organizationId, orgId), inArray(jobs.datasetId, ids)));
  return rows.flatMap((r) => [
    {
      datasetId: r.datasetId!,
      role: 'writes' as const,
      title: `${r.name} · job input`,
      link: { type: 'job', id: r.jobId, name: `Job ${r.jobId.slice(0, 8)}`, path: `/job?id=${r.jobId}`, at: iso(r.at) },
    },
    {
      datasetId: r.datasetId!,
      role: 'reads' as const,
      link: { type: 'pipeline', id: r.id, name: r.name, path: `/pipelines/${r.id}`, at: iso(r.at) },
    },
  ]);
};

/** A run's mapped records are written by its pipeline. */
const resultsSource: LineageSource = async (db, orgId, ids) => {
  const rows = await db
    .select({
      datasetId: results.datasetId,
      jobId: results.jobId,
      at: results.finishedAt,
      started: results.createdAt,
      id: pipelines.id,
      name: pipelines.name,
    })
    .from(results)
    .innerJoin(pipelines, eq(pipelines.id, results.pipelineId))
    .where(and(eq(results.organizationId, orgId), inArray(results.datasetId, ids)));
  return rows.map((r) => ({
    datasetId: r.datasetId!,
    role: 'writes' as const,
    title: `${r.name} · result`,
    link: { type: 'pipeline', id: r.id, name: r.name, path: `/pipelines/${r.id}`, at: iso(r.at ?? r.started) },
  }));
};

export const LINEAGE_SOURCES: LineageSource[] = [
  importsSource,
  jobInputsSource,
  resultsSource,
  // datasets the Mapwright dataset destination writes, by the name the sync gave them
  syncDatasetLineage,
];

/** Every source's edges for these datasets, one link per thing and role. */
export async function lineageOf(db: Db, orgId: string, datasetIds: string[]) {
  const byDataset = new Map<string, { writes: TLineageLink[]; reads: TLineageLink[]; title?: string }>();
  if (!datasetIds.length) return byDataset;
  const edges = (await Promise.all(LINEAGE_SOURCES.map((s) => s(db, orgId, datasetIds)))).flat();
  for (const e of edges) {
    const entry = byDataset.get(e.datasetId) ?? { writes: [], reads: [] };
    const list = entry[e.role];
    if (!list.some((l) => l.type === e.link.type && l.id === e.link.id)) list.push(e.link);
    entry.title ??= e.title;
    byDataset.set(e.datasetId, entry);
  }
  return byDataset;
}
