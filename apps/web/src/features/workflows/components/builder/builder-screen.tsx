import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type {
  TCatalogueEndpoint,
  TCustomNode,
  TFinalNode,
  TSourceApp,
  TWorkflow,
} from '@mapwright/contracts';
import { SAMPLE_SOURCE_APP } from '@mapwright/contracts';
import { useState } from 'react';
import { ErrorBlock, LoadingBlock } from '../../../../components/ui/query-state.tsx';
import { ApiError } from '../../../../lib/http.ts';
import { useSourceApps } from '../../api/source-apps.ts';
import { useWorkflow } from '../../api/workflow.ts';
import { useBuilder } from '../../hooks/use-builder.ts';
import { finalSchemaOf, hasSchemaToCheck } from '../../lib/final-schema.ts';
import {
  addEndpointNode,
  makeFirstNode,
  removeNode,
  updateNodeData,
  upstreamOf,
} from '../../lib/graph-model.ts';
import { autoLayout } from '../../lib/layout.ts';
import '../styles.ts';
import { canvasClasses as classes } from '../../../../components/canvas/index.ts';
import { BuilderHeader } from './builder-header.tsx';
import { WorkflowCanvas } from './canvas.tsx';
import { CustomNodePanel } from './custom-node-panel.tsx';
import { FinalNodePanel } from './final-node-panel.tsx';
import { NamePrompt } from './name-prompt.tsx';
import { Palette } from './palette.tsx';
import { WorkflowPanel } from './workflow-panel.tsx';

const messageOf = (e: unknown) =>
  e instanceof ApiError && Array.isArray(e.detail)
    ? e.detail.map((d) => `${(d.loc ?? []).filter((l) => l !== 'body').join('.')}: ${d.msg}`).join('; ')
    : (e as Error).message;

function endpointOf(
  apps: TSourceApp[],
  node: TCustomNode,
  sourceApp: string,
): TCatalogueEndpoint | undefined {
  const app = apps.find((a) => a.id === (node.data.endpoint.app ?? sourceApp));
  return app?.endpoints.find(
    (ep) => ep.method === node.data.endpoint.method && ep.path === node.data.endpoint.path,
  );
}

function Builder({ saved, apps }: { saved: TWorkflow | undefined; apps: TSourceApp[] }) {
  const b = useBuilder(saved);
  const [appId, setAppId] = useState(saved?.sourceApp ?? apps[0]?.id ?? SAMPLE_SOURCE_APP);
  const [fitKey, setFitKey] = useState(0);
  const [problem, setProblem] = useState<{ message: string; canDraft: boolean } | null>(null);
  const sourceApp = saved?.sourceApp ?? SAMPLE_SOURCE_APP;
  const selected = b.graph.nodes.find((n) => n.id === b.selectedId);
  const run = b.shownRun;
  // the action waiting for a new workflow's name (its first save or test run)
  const [asking, setAsking] = useState<{ action: string; go: (name: string) => void } | null>(null);

  /** Runs `go` now, or once the workflow has a name (asked for in a prompt). */
  function withName(action: string, go: (name?: string) => void) {
    if (b.settings.name.trim()) go();
    else setAsking({ action, go });
  }

  function addEndpoint(app: string, ep: TCatalogueEndpoint, position?: { x: number; y: number }) {
    const { graph, id } = addEndpointNode(b.graph, ep, app, position);
    b.setGraph(position ? graph : autoLayout(graph));
    b.setSelectedId(id);
    if (!position) setFitKey((k) => k + 1);
  }

  async function save(draft = false, name?: string) {
    setProblem(null);
    try {
      await b.save({ draft, name });
      notifications.show({ color: 'green', message: draft ? 'Saved as a draft' : 'Workflow saved' });
    } catch (e) {
      setProblem({ message: messageOf(e), canDraft: !draft && e instanceof ApiError && e.status === 422 });
    }
  }

  async function test(nodeId?: string, name?: string) {
    setProblem(null);
    try {
      const r = await b.testRun(nodeId, name);
      const ok = r.status === 'succeeded';
      // no schema to check against: the run says nothing about validity
      const valid = hasSchemaToCheck(finalSchemaOf(b.graph.nodes)) ? r.outputValid : null;
      notifications.show({
        color: ok ? (valid === false ? 'yellow' : 'green') : 'red',
        title: ok ? 'Test run finished' : 'Test run failed',
        message: !ok
          ? (r.error ?? 'A node failed: select it to see why.')
          : valid === true
            ? 'The final output validates against its schema.'
            : valid === false
              ? `The final output has ${r.outputErrors.length} validation errors: see the final node.`
              : 'Select a node to see its data.',
      });
      if (!nodeId) b.setSelectedId(b.graph.nodes.find((n) => n.type === 'final')?.id ?? null);
    } catch (e) {
      setProblem({ message: messageOf(e), canDraft: false });
    }
  }

  async function setActive(isActive: boolean) {
    setProblem(null);
    try {
      const w = await b.save({ extra: { isActive } });
      notifications.show({
        color: 'green',
        message: isActive
          ? `Active: ${w.scheduleText.toLowerCase()}`
          : 'Turned off: it no longer runs on its schedule',
      });
    } catch (e) {
      setProblem({ message: messageOf(e), canDraft: false });
    }
  }

  return (
    <Stack gap="sm">
      <BuilderHeader
        isNew={!saved}
        name={b.settings.name}
        onName={(name) => b.setSettings({ ...b.settings, name })}
        dirty={b.dirty}
        saving={b.saving}
        testing={b.testing}
        testingAll={b.testingNode === 'all'}
        onLayout={() => {
          b.setGraph(autoLayout(b.graph));
          setFitKey((k) => k + 1);
        }}
        onTest={() => withName('Test run', (name) => test(undefined, name))}
        onSave={(draft) => withName(draft ? 'Save as draft' : 'Save', (name) => save(draft, name))}
      />
      {asking && (
        <NamePrompt
          opened
          action={asking.action}
          onCancel={() => setAsking(null)}
          onName={(name) => {
            b.setSettings({ ...b.settings, name });
            setAsking(null);
            asking.go(name);
          }}
        />
      )}
      {problem && (
        <Alert
          color="red"
          title="That did not work"
          withCloseButton
          onClose={() => setProblem(null)}
          role="alert"
        >
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text size="sm">{problem.message}</Text>
            {problem.canDraft && (
              <Button
                size="xs"
                variant="white"
                color="red"
                onClick={() => withName('Save as draft', (name) => save(true, name))}
              >
                Save as draft
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <div className={classes.layout}>
        <aside className={classes.column} aria-label="Palette">
          <Palette apps={apps} appId={appId} onApp={setAppId} onAdd={(app, ep) => addEndpoint(app, ep)} />
        </aside>
        <WorkflowCanvas
          graph={b.graph}
          onGraph={(f) => b.setGraph(f)}
          selectedId={b.selectedId}
          onSelect={b.setSelectedId}
          run={run}
          findEndpoint={(a, op) =>
            apps.find((x) => x.id === a)?.endpoints.find((ep) => ep.operationId === op)
          }
          onDropEndpoint={(a, ep, pos) => addEndpoint(a, ep, pos)}
          fitKey={fitKey}
        />
        <aside className={classes.column} aria-label={selected ? 'Node settings' : 'Workflow settings'}>
          {selected?.type === 'custom' ? (
            <CustomNodePanel
              key={selected.id}
              node={selected}
              endpoint={endpointOf(apps, selected, sourceApp)}
              upstream={upstreamOf(b.graph, selected.id).map((n) => ({
                node: n,
                endpoint: endpointOf(apps, n, sourceApp),
              }))}
              run={run?.nodes.find((r) => r.nodeId === selected.id)}
              testing={b.testingNode === selected.id}
              onChange={(patch) => b.setGraph((g) => updateNodeData<TCustomNode>(g, selected.id, patch))}
              onMakeFirst={() => b.setGraph((g) => makeFirstNode(g, selected.id))}
              onTest={() => withName('Test run', (name) => test(selected.id, name))}
              onDelete={() => {
                b.setGraph((g) => removeNode(g, selected.id));
                b.setSelectedId(null);
              }}
            />
          ) : selected?.type === 'final' ? (
            <FinalNodePanel
              key={`${selected.id}:${run?.id ?? ''}`}
              node={selected}
              run={run}
              defaultTab={run?.outputValid != null ? 'output' : 'schema'}
              onChange={(patch) => b.setGraph((g) => updateNodeData<TFinalNode>(g, selected.id, patch))}
            />
          ) : (
            <WorkflowPanel
              saved={saved}
              settings={b.settings}
              onSettings={b.setSettings}
              dirty={b.dirty}
              busy={b.saving}
              shownRun={run}
              onActive={setActive}
              onOpenVersion={(v) => {
                b.setGraph({ nodes: v.nodes, edges: v.edges });
                b.setSettings({
                  ...b.settings,
                  name: v.name,
                  syncFrequency: v.syncFrequency,
                  timezone: v.timezone,
                });
                setFitKey((k) => k + 1);
                notifications.show({
                  message: `Version ${v.version} is on the canvas: save to make it current.`,
                });
              }}
            />
          )}
        </aside>
      </div>
    </Stack>
  );
}

/** /workflow_builder (a new workflow) and /workflows/{id}. */
export function WorkflowBuilderScreen({ workflowId }: { workflowId?: string }) {
  const wf = useWorkflow(workflowId);
  const apps = useSourceApps();
  if ((workflowId && wf.isLoading) || apps.isLoading) return <LoadingBlock label="Loading the builder…" />;
  if (wf.error) return <ErrorBlock error={wf.error} onRetry={() => wf.refetch()} />;
  if (apps.error) return <ErrorBlock error={apps.error} onRetry={() => apps.refetch()} />;
  return <Builder saved={wf.data} apps={apps.data ?? []} />;
}
