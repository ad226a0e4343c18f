import {
  DEFAULT_SYNC_FREQUENCY,
  DEFAULT_TIMEZONE,
  SAMPLE_SOURCE_APP,
  SUBMIT_DEFAULTS,
  type TAuthenticatedApp,
  type TCustomNode,
  type TFinalNode,
  type TWorkflow,
  type TWorkflowEdge,
  type TWorkflowNode,
} from '@mapwright/contracts';
import { createStore, useStore } from '../../../lib/store.ts';
import { postSubmitWorkflows, type TSubmittedWorkflow } from '../api/submit-workflows.ts';

/*
 * The workflow context (spec §4): the organization's workflows and authenticated apps as the
 * screens last loaded or changed them, and the current group id. The screens keep it in sync with
 * the server; `submitWorkflows` replaces the whole list (and, when asked, persists it).
 */

/** A workflow as the spec lists its fields (a server TWorkflow is one, with more fields). */
export interface TContextWorkflow {
  id: string;
  name: string;
  nodes: TWorkflowNode[];
  edges: TWorkflowEdge[];
  isActive: boolean;
  isComplete: boolean;
  syncFrequency: string;
  timezone: string;
  groupId: string | null;
  sourceApp: string;
  prompt: string;
  urlString: string;
  jsonSchema: Record<string, unknown>;
  createdAt: string;
}
/** An authenticated app: the spec's id, name, logo, authenticatedAt (a server one has more). */
export type TContextApp = Pick<TAuthenticatedApp, 'id' | 'name' | 'logo' | 'authenticatedAt'>;

/** A final node may come without isSubmitted: it then starts false (spec §4). */
type TFinalNodeInput = Omit<TFinalNode, 'data'> & {
  data: Omit<TFinalNode['data'], 'isSubmitted'> & { isSubmitted?: boolean };
};
export type TNodeInput = TCustomNode | TFinalNodeInput;

/** A new workflow: only the name is needed; the rest has the spec's starting values. */
export type TWorkflowInput = { name: string; nodes?: TNodeInput[] } & Partial<
  Omit<TContextWorkflow, 'name' | 'nodes'>
>;
export type TWorkflowPatch = Partial<Omit<TContextWorkflow, 'id' | 'nodes'>> & { nodes?: TNodeInput[] };
/** What a submitted workflow carries; the source app, prompt, URL, schema, time and group are set. */
export type TSubmitInput = { name: string; nodes?: TNodeInput[] } & Partial<
  Omit<TSubmittedWorkflow, 'name' | 'nodes'>
>;

export interface TWorkflowContextState {
  workflows: TContextWorkflow[];
  authenticatedApps: TContextApp[];
  groupId: string | null;
}
export const INITIAL_WORKFLOW_CONTEXT: TWorkflowContextState = {
  workflows: [],
  authenticatedApps: [],
  groupId: null,
};
export const workflowContextStore = createStore<TWorkflowContextState>(INITIAL_WORKFLOW_CONTEXT);
export const useWorkflowContext = () => useStore(workflowContextStore);

let localIds = 0;
/** An id for a workflow the server has not seen yet (replaced by the server's once saved). */
function localId(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  localIds += 1;
  return `local-${Date.now().toString(36)}-${localIds}`;
}

/** Spread leaves `undefined` over a default: drop the keys that were not given. */
function given<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A final node starts with isSubmitted false (spec §4). */
export function withNodeDefaults(nodes: TNodeInput[]): TWorkflowNode[] {
  return nodes.map((n) =>
    n.type === 'final' ? { ...n, data: { ...n.data, isSubmitted: n.data.isSubmitted ?? false } } : n,
  );
}

/** A new workflow starts with isActive false and isComplete true (spec §4). */
export function newWorkflow(
  input: TWorkflowInput,
  groupId: string | null,
  now = new Date(),
): TContextWorkflow {
  const { nodes, ...rest } = input;
  return {
    id: localId(),
    edges: [],
    isActive: false,
    isComplete: true,
    syncFrequency: DEFAULT_SYNC_FREQUENCY,
    timezone: DEFAULT_TIMEZONE,
    groupId,
    sourceApp: SAMPLE_SOURCE_APP,
    prompt: '',
    urlString: '',
    jsonSchema: {},
    createdAt: now.toISOString(),
    ...given(rest),
    name: input.name,
    nodes: withNodeDefaults(nodes ?? []),
  };
}

/** Spec §4: each submitted workflow gets the sample app, "Sample prompt", a placeholder URL, an
 * empty schema, the current creation time and the current group id (or the no-id placeholder). */
export function submittedWorkflow(input: TSubmitInput, groupId: string | null, now = new Date()) {
  return newWorkflow(
    {
      name: input.name,
      nodes: input.nodes,
      edges: input.edges,
      isActive: input.isActive,
      isComplete: input.isComplete,
      syncFrequency: input.syncFrequency,
      timezone: input.timezone,
      sourceApp: SUBMIT_DEFAULTS.sourceApp,
      prompt: SUBMIT_DEFAULTS.prompt,
      urlString: SUBMIT_DEFAULTS.urlString,
      jsonSchema: { ...SUBMIT_DEFAULTS.jsonSchema },
      groupId: groupId ?? SUBMIT_DEFAULTS.noGroupId,
      createdAt: now.toISOString(),
    },
    groupId,
    now,
  );
}

const toSubmitted = (w: TContextWorkflow): TSubmittedWorkflow => ({
  name: w.name,
  nodes: w.nodes,
  edges: w.edges,
  isActive: w.isActive,
  isComplete: w.isComplete,
  syncFrequency: w.syncFrequency,
  timezone: w.timezone,
});

export interface TSubmitOptions {
  /** also POST the list to /workflows/submit; the store then holds the server's workflows */
  persist?: boolean;
  post?: (
    workflows: TSubmittedWorkflow[],
    groupId: string | null,
    confirmRemove: string[],
  ) => Promise<TWorkflow[]>;
}

const set = workflowContextStore.set;

export const workflowContext = {
  /** The list as loaded from the server. */
  setWorkflows(workflows: TContextWorkflow[]) {
    set((s) => ({ ...s, workflows }));
  },
  /** Adds a workflow (a new one gets the starting values); one with the same id is replaced. */
  addWorkflow(input: TWorkflowInput): TContextWorkflow {
    const w = newWorkflow(input, workflowContextStore.get().groupId);
    set((s) => {
      const at = s.workflows.findIndex((x) => x.id === w.id);
      if (at < 0) return { ...s, workflows: [...s.workflows, w] };
      const workflows = [...s.workflows];
      workflows[at] = w;
      return { ...s, workflows };
    });
    return w;
  },
  removeWorkflow(id: string) {
    set((s) => ({ ...s, workflows: s.workflows.filter((w) => w.id !== id) }));
  },
  /** Merges the patch into the workflow with that id (nothing happens for an unknown id). */
  updateWorkflow(id: string, patch: TWorkflowPatch) {
    set((s) => {
      if (!s.workflows.some((w) => w.id === id)) return s;
      const { nodes, ...rest } = given(patch);
      return {
        ...s,
        workflows: s.workflows.map((w) =>
          w.id === id ? { ...w, ...rest, ...(nodes ? { nodes: withNodeDefaults(nodes) } : {}), id } : w,
        ),
      };
    });
  },
  setAuthenticatedApps(authenticatedApps: TContextApp[]) {
    set((s) => ({ ...s, authenticatedApps }));
  },
  /** Adds an app; one with the same id is replaced. */
  addAuthenticatedApp(app: TContextApp) {
    set((s) => ({
      ...s,
      authenticatedApps: [...s.authenticatedApps.filter((a) => a.id !== app.id), app],
    }));
  },
  removeAuthenticatedApp(id: string) {
    set((s) => ({ ...s, authenticatedApps: s.authenticatedApps.filter((a) => a.id !== id) }));
  },
  setGroupId(groupId: string | null) {
    set((s) => ({ ...s, groupId }));
  },
  /**
   * Replaces the whole list with the submitted one, each with the submit defaults (at once, before
   * anything is sent). With `persist` the list is sent with the current group id and replaced by
   * the server's answer; if the server refuses it, the earlier list comes back and the error is
   * thrown. The server archives the workflows the list replaces only when named: the store names
   * the ones it held (what the user saw replaced), so a workflow it never loaded is not removed.
   */
  async submitWorkflows(list: TSubmitInput[], opts: TSubmitOptions = {}): Promise<TContextWorkflow[]> {
    const before = workflowContextStore.get();
    const now = new Date();
    const submitted = list.map((w) => submittedWorkflow(w, before.groupId, now));
    set((s) => ({ ...s, workflows: submitted }));
    if (!opts.persist) return submitted;
    const post = opts.post ?? postSubmitWorkflows;
    try {
      // a workflow with a local id was never saved: there is nothing of it to remove on the server
      const replaced = before.workflows.map((w) => w.id).filter((id) => !id.startsWith('local-'));
      const saved: TContextWorkflow[] = await post(submitted.map(toSubmitted), before.groupId, replaced);
      set((s) => ({ ...s, workflows: saved }));
      return saved;
    } catch (err) {
      set((s) => ({ ...s, workflows: before.workflows }));
      throw err;
    }
  },
};
