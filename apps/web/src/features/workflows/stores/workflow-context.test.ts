import { SUBMIT_DEFAULTS, type TCustomNode, type TWorkflow } from '@mapwright/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSubmittedWorkflow } from '../api/submit-workflows.ts';
import {
  INITIAL_WORKFLOW_CONTEXT,
  type TContextWorkflow,
  type TNodeInput,
  useWorkflowContext,
  workflowContext,
  workflowContextStore,
} from './workflow-context.ts';

const NOW = new Date('2026-03-04T05:06:07.000Z');

const custom: TCustomNode = {
  id: 'entities',
  type: 'custom',
  position: { x: 0, y: 0 },
  data: {
    label: 'Entities',
    endpoint: { method: 'GET', path: '/api/v1/entities' },
    params: {},
    errorHandling: { retries: 3, delay: 1000 },
    isFirstNode: true,
    pagination: null,
  },
};
/** A final node without isSubmitted, as a caller may give it. */
const final = (isSubmitted?: boolean): TNodeInput => ({
  id: 'final',
  type: 'final',
  position: { x: 0, y: 100 },
  data: {
    name: 'Out',
    initialUrl: '',
    errorHandling: { retries: 3, delay: 1000 },
    finalSchema: { type: 'object', properties: {} },
    finalSampleData: null,
    mapping: null,
    ...(isSubmitted === undefined ? {} : { isSubmitted }),
  },
});
const edge = { id: 'e1', source: 'entities', target: 'final', animated: false };

const stored = (id: string, name = id): TContextWorkflow => ({
  id,
  name,
  nodes: [],
  edges: [],
  isActive: false,
  isComplete: true,
  syncFrequency: '* * * * *',
  timezone: 'UTC',
  groupId: null,
  sourceApp: 'sample-finance',
  prompt: '',
  urlString: '',
  jsonSchema: {},
  createdAt: '2026-01-01T00:00:00.000Z',
});
const app = (id: string, name = `App ${id}`) => ({
  id,
  name,
  logo: null,
  authenticatedAt: '2026-02-01T00:00:00.000Z',
});
const state = () => workflowContextStore.get();
const finalOf = (w: TContextWorkflow) => w.nodes.find((n) => n.type === 'final');

describe('workflow context (spec §4)', () => {
  beforeEach(() => {
    workflowContextStore.set(INITIAL_WORKFLOW_CONTEXT);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('starts with no workflows, no authenticated apps and no group id', () => {
    expect(state()).toEqual({ workflows: [], authenticatedApps: [], groupId: null });
  });

  describe('addWorkflow', () => {
    it('starts a new workflow inactive and complete, with a final node not submitted', () => {
      const w = workflowContext.addWorkflow({ name: 'Cards', nodes: [custom, final()], edges: [edge] });
      expect(state().workflows).toEqual([w]);
      expect(w).toMatchObject({
        name: 'Cards',
        isActive: false,
        isComplete: true,
        syncFrequency: '* * * * *',
        timezone: 'UTC',
        sourceApp: 'sample-finance',
        groupId: null,
        createdAt: NOW.toISOString(),
        edges: [edge],
      });
      expect(w.id).toEqual(expect.any(String));
      expect(finalOf(w)?.data).toMatchObject({ isSubmitted: false, name: 'Out' });
      expect(w.nodes[0]).toEqual(custom);
    });

    it('keeps the values it is given, a submitted final node included', () => {
      const w = workflowContext.addWorkflow({
        ...stored('w1', 'Loaded'),
        isActive: true,
        isComplete: false,
        nodes: [final(true)],
      });
      expect(w).toMatchObject({ id: 'w1', isActive: true, isComplete: false });
      expect(finalOf(w)?.data).toMatchObject({ isSubmitted: true });
    });

    it('takes the current group id and gives each new workflow its own id', () => {
      workflowContext.setGroupId('team-a');
      const a = workflowContext.addWorkflow({ name: 'A' });
      const b = workflowContext.addWorkflow({ name: 'B' });
      expect(a.groupId).toBe('team-a');
      expect(a.id).not.toBe(b.id);
      expect(state().workflows.map((w) => w.name)).toEqual(['A', 'B']);
    });

    it('replaces a workflow with the same id instead of adding it twice', () => {
      workflowContext.setWorkflows([stored('w1', 'Old'), stored('w2')]);
      workflowContext.addWorkflow({ ...stored('w1', 'New') });
      expect(state().workflows.map((w) => [w.id, w.name])).toEqual([
        ['w1', 'New'],
        ['w2', 'w2'],
      ]);
    });
  });

  it('setWorkflows holds the list as loaded', () => {
    const list = [stored('w1'), stored('w2')];
    workflowContext.setWorkflows(list);
    expect(state().workflows).toBe(list);
  });

  describe('removeWorkflow', () => {
    it('removes the workflow with that id only', () => {
      workflowContext.setWorkflows([stored('w1'), stored('w2'), stored('w3')]);
      workflowContext.removeWorkflow('w2');
      expect(state().workflows.map((w) => w.id)).toEqual(['w1', 'w3']);
    });
    it('leaves the list alone for an unknown id', () => {
      workflowContext.setWorkflows([stored('w1')]);
      workflowContext.removeWorkflow('nope');
      expect(state().workflows.map((w) => w.id)).toEqual(['w1']);
    });
  });

  describe('updateWorkflow', () => {
    it('merges the patch into that workflow and leaves the others as they were', () => {
      const other = stored('w2');
      workflowContext.setWorkflows([stored('w1'), other]);
      workflowContext.updateWorkflow('w1', { isActive: true, name: 'Renamed' });
      expect(state().workflows[0]).toEqual({ ...stored('w1'), isActive: true, name: 'Renamed' });
      expect(state().workflows[1]).toBe(other);
    });
    it('ignores undefined fields and keeps the id', () => {
      workflowContext.setWorkflows([stored('w1', 'Keep')]);
      workflowContext.updateWorkflow('w1', { name: undefined, id: 'other' } as never);
      expect(state().workflows[0]).toEqual(stored('w1', 'Keep'));
    });
    it('gives replaced final nodes isSubmitted false when they have none', () => {
      workflowContext.setWorkflows([stored('w1')]);
      workflowContext.updateWorkflow('w1', { nodes: [custom, final()] });
      const w = state().workflows[0] as TContextWorkflow;
      expect(finalOf(w)?.data).toMatchObject({ isSubmitted: false });
    });
    it('does nothing for an unknown id', () => {
      workflowContext.setWorkflows([stored('w1')]);
      const before = state();
      workflowContext.updateWorkflow('nope', { name: 'x' });
      expect(state()).toBe(before);
    });
  });

  describe('authenticated apps', () => {
    it('addAuthenticatedApp adds an app, replacing one with the same id', () => {
      workflowContext.addAuthenticatedApp(app('a1'));
      workflowContext.addAuthenticatedApp(app('a2'));
      workflowContext.addAuthenticatedApp(app('a1', 'Renamed'));
      expect(state().authenticatedApps).toEqual([app('a2'), app('a1', 'Renamed')]);
    });
    it('removeAuthenticatedApp removes the app with that id only', () => {
      workflowContext.setAuthenticatedApps([app('a1'), app('a2')]);
      workflowContext.removeAuthenticatedApp('a1');
      expect(state().authenticatedApps).toEqual([app('a2')]);
      workflowContext.removeAuthenticatedApp('nope');
      expect(state().authenticatedApps).toEqual([app('a2')]);
    });
    it('leaves the workflows alone', () => {
      workflowContext.setWorkflows([stored('w1')]);
      workflowContext.addAuthenticatedApp(app('a1'));
      expect(state().workflows.map((w) => w.id)).toEqual(['w1']);
    });
  });

  describe('submitWorkflows', () => {
    it('replaces the list, each workflow with the submit defaults and the no-id group', async () => {
      workflowContext.setWorkflows([stored('old')]);
      const out = await workflowContext.submitWorkflows([
        { name: 'One', nodes: [custom, final()], edges: [edge], isActive: true },
        { name: 'Two' },
      ]);
      expect(state().workflows).toEqual(out);
      expect(out.map((w) => w.name)).toEqual(['One', 'Two']);
      for (const w of out)
        expect(w).toMatchObject({
          sourceApp: SUBMIT_DEFAULTS.sourceApp,
          prompt: 'Sample prompt',
          urlString: SUBMIT_DEFAULTS.urlString,
          jsonSchema: {},
          createdAt: NOW.toISOString(),
          groupId: 'no-id',
        });
      expect(out[0]).toMatchObject({ isActive: true, isComplete: true, edges: [edge] });
      expect(out[1]).toMatchObject({ isActive: false, isComplete: true, nodes: [], edges: [] });
      expect(finalOf(out[0] as TContextWorkflow)?.data).toMatchObject({ isSubmitted: false });
      expect(out[0]?.jsonSchema).not.toBe(out[1]?.jsonSchema);
    });

    it('uses the current group id when one is set', async () => {
      workflowContext.setGroupId('team-a');
      const [w] = await workflowContext.submitWorkflows([{ name: 'One' }]);
      expect(w?.groupId).toBe('team-a');
    });

    it('overrides the source app, prompt, URL and schema a workflow came with', async () => {
      const [w] = await workflowContext.submitWorkflows([
        {
          ...stored('x', 'Mine'),
          sourceApp: 'acme',
          prompt: 'mine',
          jsonSchema: { type: 'object' },
        } as never,
      ]);
      expect(w).toMatchObject({ sourceApp: 'sample-finance', prompt: 'Sample prompt', jsonSchema: {} });
    });

    it('an empty list empties the workflows', async () => {
      workflowContext.setWorkflows([stored('w1')]);
      await workflowContext.submitWorkflows([]);
      expect(state().workflows).toEqual([]);
    });

    it('persists when asked: sends the list with the group id, then holds the server’s workflows', async () => {
      workflowContext.setGroupId('team-a');
      const saved = { ...stored('server-id', 'One'), groupId: 'team-a' } as unknown as TWorkflow;
      let resolve: (w: TWorkflow[]) => void = () => {};
      const post = vi.fn(
        (_w: TSubmittedWorkflow[], _g: string | null) => new Promise<TWorkflow[]>((r) => (resolve = r)),
      );
      const pending = workflowContext.submitWorkflows([{ name: 'One', nodes: [final()] }], {
        persist: true,
        post,
      });
      // the list is replaced at once, before the server answers
      expect(state().workflows.map((w) => w.name)).toEqual(['One']);
      expect(post).toHaveBeenCalledTimes(1);
      const [sent, groupId] = post.mock.calls[0] as [TSubmittedWorkflow[], string | null];
      expect(groupId).toBe('team-a');
      expect(sent).toEqual([
        {
          name: 'One',
          nodes: [
            expect.objectContaining({ id: 'final', data: expect.objectContaining({ isSubmitted: false }) }),
          ],
          edges: [],
          isActive: false,
          isComplete: true,
          syncFrequency: '* * * * *',
          timezone: 'UTC',
        },
      ]);
      resolve([saved]);
      await expect(pending).resolves.toEqual([saved]);
      expect(state().workflows).toEqual([saved]);
    });

    it('sends a null group id when none is set (the server uses its no-id placeholder)', async () => {
      const post = vi.fn(async () => [] as TWorkflow[]);
      await workflowContext.submitWorkflows([{ name: 'One' }], { persist: true, post });
      expect(post).toHaveBeenCalledWith(expect.any(Array), null, []);
    });

    it('names the workflows it held as the ones to remove (the server archives only those)', async () => {
      workflowContext.setWorkflows([stored('w1'), stored('w2')]);
      workflowContext.addWorkflow({ name: 'Unsaved', id: 'local-x1' });
      const post = vi.fn(async () => [] as TWorkflow[]);
      await workflowContext.submitWorkflows([{ name: 'One' }], { persist: true, post });
      expect(post).toHaveBeenCalledWith(expect.any(Array), null, ['w1', 'w2']);
    });

    it('brings the earlier list back when the server refuses the submission', async () => {
      const earlier = [stored('w1')];
      workflowContext.setWorkflows(earlier);
      const post = vi.fn(async () => {
        throw new Error('workflows.0.nodes: the graph has a cycle');
      });
      await expect(
        workflowContext.submitWorkflows([{ name: 'Broken' }], { persist: true, post }),
      ).rejects.toThrow('cycle');
      expect(state().workflows).toBe(earlier);
    });

    it('does not call the server unless asked to persist', async () => {
      const post = vi.fn(async () => [] as TWorkflow[]);
      await workflowContext.submitWorkflows([{ name: 'One' }], { post });
      expect(post).not.toHaveBeenCalled();
    });
  });

  it('setGroupId sets the group id used by later submissions', () => {
    workflowContext.setGroupId('g');
    expect(state().groupId).toBe('g');
    workflowContext.setGroupId(null);
    expect(state().groupId).toBeNull();
  });

  it('re-renders subscribers on every change', () => {
    const { result } = renderHook(() => useWorkflowContext());
    expect(result.current.workflows).toEqual([]);
    act(() => {
      workflowContext.addWorkflow({ name: 'Live' });
    });
    expect(result.current.workflows.map((w) => w.name)).toEqual(['Live']);
    act(() => workflowContext.removeWorkflow(result.current.workflows[0]?.id ?? ''));
    expect(result.current.workflows).toEqual([]);
  });
});
