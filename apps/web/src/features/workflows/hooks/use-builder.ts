import {
  DEFAULT_SYNC_FREQUENCY,
  DEFAULT_TIMEZONE,
  SAMPLE_SOURCE_APP,
  type TWorkflow,
  type TWorkflowRun,
} from '@mapwright/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTestRun } from '../api/runs.ts';
import { useCreateWorkflow, useUpdateWorkflow } from '../api/workflow.ts';
import { emptyGraph, finalNodeOf, type TGraph, toStored } from '../lib/graph-model.ts';
import { autoLayout } from '../lib/layout.ts';
import { keepSelection, keptSelection, setShownRun, useShownRun } from '../stores/test-runs-store.ts';

/*
 * The builder's working copy of one workflow: the graph and settings being edited, what is
 * saved, and the test run shown on the canvas. A new workflow is created on its first save or
 * test run (as a draft when its graph is not complete yet) and the page moves to its URL.
 */

/** JSON with sorted keys: the same graph compares equal whatever order its keys were written in. */
const stableJson = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : 1)))
      : x,
  );

export interface TSettings {
  name: string;
  syncFrequency: string;
  timezone: string;
}

const settingsOf = (w: TWorkflow | undefined): TSettings => ({
  // a new workflow has no name until the person gives one: never saved under a placeholder
  name: w?.name ?? '',
  syncFrequency: w?.syncFrequency ?? DEFAULT_SYNC_FREQUENCY,
  timezone: w?.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_TIMEZONE),
});
const graphOf = (w: TWorkflow | undefined): TGraph =>
  w ? { nodes: w.nodes, edges: w.edges } : autoLayout(emptyGraph());

export function useBuilder(saved: TWorkflow | undefined) {
  const [graph, setGraph] = useState<TGraph>(() => graphOf(saved));
  const [settings, setSettings] = useState<TSettings>(() => settingsOf(saved));
  const [selectedId, setSelectedId] = useState<string | null>(() => keptSelection(saved?.id));
  // kept for this mount only: opening the workflow later starts with nothing selected
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on mount
  useEffect(() => {
    if (saved) keepSelection(saved.id, null);
  }, []);
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const test = useTestRun();
  const navigate = useNavigate();
  const shownRun = useShownRun(saved?.id);

  const dirty = useMemo(() => {
    if (!saved) return true;
    const s = settingsOf(saved);
    return (
      stableJson(toStored(graph)) !== stableJson(toStored({ nodes: saved.nodes, edges: saved.edges })) ||
      s.name !== settings.name ||
      s.syncFrequency !== settings.syncFrequency ||
      s.timezone !== settings.timezone
    );
  }, [graph, settings, saved]);

  const body = (isComplete: boolean, name = settings.name) => {
    const g = toStored(graph);
    const final = finalNodeOf(g);
    return {
      name: name.trim(),
      nodes: g.nodes,
      edges: g.edges,
      syncFrequency: settings.syncFrequency,
      timezone: settings.timezone,
      isComplete,
      ...(final ? { jsonSchema: final.data.finalSchema } : {}),
    };
  };

  /** A new workflow, once created, continues at its own URL with the same node selected. */
  function moveTo(id: string) {
    keepSelection(id, selectedId);
    navigate(`/workflows/${id}`, { replace: true });
  }

  /**
   * Saves (complete, or a draft when asked); a new workflow moves to its own URL. `name`: the one
   * just asked for (the settings' state has not caught up yet).
   */
  async function save(
    opts: { draft?: boolean; extra?: { isActive?: boolean }; name?: string } = {},
  ): Promise<TWorkflow> {
    const b = { ...body(!opts.draft, opts.name), ...(opts.draft ? { isActive: false } : {}), ...opts.extra };
    const w = saved
      ? await update.mutateAsync({ id: saved.id, body: b })
      : await create.mutateAsync({ ...b, sourceApp: SAMPLE_SOURCE_APP, prompt: '', urlString: '' });
    // what the server stored (defaults filled in) is the new baseline for "unsaved changes"
    setGraph({ nodes: w.nodes, edges: w.edges });
    if (!saved) moveTo(w.id);
    return w;
  }

  /**
   * Test-runs the graph on screen (saved or not), or one node with the nodes it needs. A new
   * workflow is saved as a draft first: a run belongs to a workflow.
   */
  async function testRun(nodeId?: string, name?: string): Promise<TWorkflowRun> {
    const id =
      saved?.id ?? (await create.mutateAsync({ ...body(false, name), sourceApp: SAMPLE_SOURCE_APP })).id;
    const g = toStored(graph);
    const run = await test.mutateAsync({ workflowId: id, body: { nodes: g.nodes, edges: g.edges, nodeId } });
    setShownRun(id, run);
    if (!saved) moveTo(id);
    return run;
  }

  return {
    graph,
    setGraph,
    settings,
    setSettings,
    selectedId,
    setSelectedId,
    dirty,
    save,
    saving: create.isPending || update.isPending,
    testRun,
    testing: test.isPending,
    testingNode: test.isPending ? (test.variables?.body.nodeId ?? 'all') : null,
    shownRun,
    clearRun: () => saved && setShownRun(saved.id, null),
  };
}
export type TBuilder = ReturnType<typeof useBuilder>;
